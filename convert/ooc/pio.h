/*
 * pio.h - whole writes at an offset (pwrite until done, or a message).
 */
#ifndef EMOGI_CONVERT_PIO_H
#define EMOGI_CONVERT_PIO_H

#include <stddef.h>
#include <stdint.h>

#include "emogi_csr.h"

/* pwrite all of BUF at OFF, or fail naming WHAT and strerror. */
int ooc_pwrite(int fd, const void *buf, size_t len, uint64_t off, const char *what,
               emogi_error *err);

#endif
