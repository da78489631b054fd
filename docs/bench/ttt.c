/*
 * ttt.c: the C reference for abtrace's performance target.
 *
 * Plain minimax (no pruning, no memo) over the full tic-tac-toe game tree
 * from the empty board, with a bitboard per side, the way a careful C
 * programmer writes it. It counts nodes entered (the root included) and
 * leaves (terminal positions), repeats the search for about one second, and
 * prints nodes per second. "./ttt ab" runs alpha-beta instead: natural move
 * order (cells ascending), fail-soft, a cutoff when v >= beta at MAX or
 * v <= alpha at MIN.
 *
 * Cells are numbered 0..8 row by row from the top-left, as in package
 * search/tictactoe. Values are for x (MAX): +1 win, 0 draw, -1 loss.
 *
 * Build and run:  gcc -O2 -o /tmp/ttt docs/bench/ttt.c && /tmp/ttt [minimax|ab]
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <time.h>

#define FULL 0x1ffu
#define INF 1000

/* The eight rows, columns and diagonals as cell masks. */
static const unsigned lines[8] = {
	0007, 0070, 0700, /* rows */
	0111, 0222, 0444, /* columns */
	0421, 0124,       /* diagonals */
};

/* won[b] is 1 when the marks b contain a full line. */
static unsigned char won[512];

static unsigned long long nodes, leaves, cutoffs;

static void init(void)
{
	for (unsigned b = 0; b < 512; b++)
		for (int i = 0; i < 8; i++)
			if ((b & lines[i]) == lines[i])
				won[b] = 1;
}

/* Terminal test and utility in one: returns 1 and sets *v when the game is
 * over at (x, o). */
static inline int terminal(unsigned x, unsigned o, int *v)
{
	if (won[x]) {
		*v = 1;
		return 1;
	}
	if (won[o]) {
		*v = -1;
		return 1;
	}
	if ((x | o) == FULL) {
		*v = 0;
		return 1;
	}
	return 0;
}

/* minimax returns the value for x of the position (x, o) with x to move
 * when xmove is nonzero. */
static int minimax(unsigned x, unsigned o, int xmove)
{
	int v;
	nodes++;
	if (terminal(x, o, &v)) {
		leaves++;
		return v;
	}
	unsigned empty = ~(x | o) & FULL;
	if (xmove) {
		v = -INF;
		for (unsigned e = empty; e; e &= e - 1) {
			int c = minimax(x | (e & -e), o, 0);
			if (c > v)
				v = c;
		}
	} else {
		v = INF;
		for (unsigned e = empty; e; e &= e - 1) {
			int c = minimax(x, o | (e & -e), 1);
			if (c < v)
				v = c;
		}
	}
	return v;
}

/* alphabeta is fail-soft alpha-beta. On entry alpha < beta is the window:
 * MAX is already assured alpha elsewhere, MIN beta. The result v is exact
 * when alpha < v < beta; v <= alpha means the true value is at most v
 * (fail low), v >= beta that it is at least v (fail high). */
static int alphabeta(unsigned x, unsigned o, int xmove, int alpha, int beta)
{
	int v;
	nodes++;
	if (terminal(x, o, &v)) {
		leaves++;
		return v;
	}
	unsigned empty = ~(x | o) & FULL;
	if (xmove) {
		v = -INF;
		for (unsigned e = empty; e; e &= e - 1) {
			int c = alphabeta(x | (e & -e), o, 0, alpha, beta);
			if (c > v)
				v = c;
			if (v >= beta) {
				if (e & (e - 1)) /* children were skipped */
					cutoffs++;
				return v;
			}
			if (v > alpha)
				alpha = v;
		}
	} else {
		v = INF;
		for (unsigned e = empty; e; e &= e - 1) {
			int c = alphabeta(x, o | (e & -e), 1, alpha, beta);
			if (c < v)
				v = c;
			if (v <= alpha) {
				if (e & (e - 1))
					cutoffs++;
				return v;
			}
			if (v < beta)
				beta = v;
		}
	}
	return v;
}

/* The start position is read through volatiles so that the compiler cannot
 * compute the search once and reuse it across repetitions. */
static volatile unsigned start_x = 0, start_o = 0;

static int search(int ab)
{
	if (ab)
		return alphabeta(start_x, start_o, 1, -INF, INF);
	return minimax(start_x, start_o, 1);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	int ab = 0;
	if (argc > 2 || (argc == 2 && strcmp(argv[1], "ab") != 0 && strcmp(argv[1], "minimax") != 0)) {
		fprintf(stderr, "usage: %s [minimax|ab]\n", argv[0]);
		return 2;
	}
	if (argc == 2 && strcmp(argv[1], "ab") == 0)
		ab = 1;
	const char *name = ab ? "alpha-beta" : "minimax";
	init();

	nodes = leaves = cutoffs = 0;
	int value = search(ab);
	unsigned long long n1 = nodes;
	if (ab)
		printf("%s: value %d, nodes %llu, leaves %llu, cutoffs %llu\n", name, value, nodes, leaves, cutoffs);
	else
		printf("%s: value %d, nodes %llu, leaves %llu\n", name, value, nodes, leaves);

	/* Repeat for about one second. */
	long reps = 0;
	int sink = 0;
	double t0 = now(), t;
	nodes = 0;
	do {
		sink += search(ab);
		reps++;
		t = now() - t0;
	} while (t < 1.0);
	if (nodes != n1 * reps) {
		fprintf(stderr, "node count drifted: %llu over %ld searches\n", nodes, reps);
		return 1;
	}
	printf("%s: %ld searches in %.3f s: %.1f M nodes/s, %.3f ms per search (sink %d)\n",
	       name, reps, t, nodes / t / 1e6, t / reps * 1e3, sink);
	return 0;
}
