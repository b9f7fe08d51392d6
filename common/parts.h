/*
 * parts.h - the file a process opens for a graph named on the command
 * line, where emogi-convert --partitions wrote parts: the single-process
 * tools (traverse/run.c) and the MPI ranks (dist/open.c) name them alike.
 */
#ifndef EMOGI_PARTS_H
#define EMOGI_PARTS_H

/* The file rank R opens for GRAPH (a new string, to free): GRAPH with its
 * "%d" replaced by R; without one, GRAPH, or its part GRAPH.R when there
 * is no file GRAPH.  A single process (SINGLE, R 0) opens a file named
 * GRAPH, "%d" and all, where there is one.  Out of memory: "TOOL: out of
 * memory ...", exit 1. */
char *tool_part_path(const char *graph, int r, int single);

#endif
