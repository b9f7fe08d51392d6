/*
 * peakrss.c - run a command and report its peak resident memory, for the
 * tests that check that emogi-convert stays within --memory.
 *
 *   peakrss FILE CMD [ARG...]
 *
 * Runs CMD with its standard streams, waits for it, writes the peak
 * resident set of CMD (ru_maxrss of the child, in KiB) to FILE as one
 * number, and exits with CMD's status (128 + signal if a signal ended it).
 * Measured by the kernel, not sampled, so a short spike counts; no timing
 * is involved.  Exits 127 if CMD cannot be run.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: peakrss FILE CMD [ARG...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("peakrss: fork");
        return 127;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        fprintf(stderr, "peakrss: %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int st;
    struct rusage ru;
    while (wait4(pid, &st, 0, &ru) < 0)
        if (errno != EINTR) {
            perror("peakrss: wait4");
            return 127;
        }
    FILE *f = fopen(argv[1], "w");
    if (!f || fprintf(f, "%ld\n", ru.ru_maxrss) < 0 || fclose(f) != 0) {
        fprintf(stderr, "peakrss: %s: %s\n", argv[1], strerror(errno));
        return 127;
    }
    if (WIFSIGNALED(st))
        return 128 + WTERMSIG(st);
    return WEXITSTATUS(st);
}
