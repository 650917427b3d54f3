/* examples/c/play.c — play a few moves of a preset through the C ABI and
 * print the board after each.
 *
 *   cc play.c $(pkg-config --cflags --libs sternhalma) -o play && ./play classic-2
 */
#include <stdio.h>
#include <stdlib.h>

#include "sternhalma.h"

static void die(const char *what, sh_status st) {
  fprintf(stderr, "%s: %s: %s\n", what, sh_status_name(st), sh_last_error());
  exit(1);
}

static void show(const sh_position *pos) {
  char board[1024];
  sh_status st = sh_position_render(pos, board, sizeof board, NULL);
  if (st != SH_OK) die("render", st);
  fputs(board, stdout);
}

int main(int argc, char **argv) {
  const char *preset = argc > 1 ? argv[1] : "classic-2";
  sh_rules *rules = NULL;
  sh_position *pos = NULL;
  sh_status st;
  int turn;

  printf("sternhalma %s, preset %s\n", sh_version(), preset);
  if ((st = sh_rules_new(preset, &rules)) != SH_OK) die("preset", st);
  if ((st = sh_position_new(rules, &pos)) != SH_OK) die("start", st);
  show(pos);

  for (turn = 0; turn < 6; ++turn) {
    sh_move moves[SH_MAX_MOVES];
    size_t n = 0;
    char text[256];
    if ((st = sh_position_legal_moves(pos, moves, SH_MAX_MOVES, &n)) != SH_OK) die("moves", st);
    if (n == 0) break;
    /* Greedy: the move that ends nearest the tip of the mover's goal. */
    {
      int seat, tip, best = 1000;
      size_t i, pick = 0;
      if ((st = sh_position_to_move(pos, &seat)) != SH_OK) die("seat", st);
      if ((st = sh_tip_cell((seat + 3) % 6, &tip)) != SH_OK) die("tip", st);
      for (i = 0; i < n; ++i) {
        int d;
        if ((st = sh_cell_distance(moves[i].to, tip, &d)) != SH_OK) die("distance", st);
        if (d < best) best = d, pick = i;
      }
      moves[n - 1] = moves[pick];
    }
    if ((st = sh_position_format_move(pos, moves[n - 1].from, moves[n - 1].to, text,
                                      sizeof text, NULL)) != SH_OK)
      die("format", st);
    printf("\nmove %d: %s (%zu legal)\n", turn + 1, text, n);
    if ((st = sh_position_play(pos, moves[n - 1].from, moves[n - 1].to)) != SH_OK) die("play", st);
    show(pos);
  }
  {
    char line[512];
    if ((st = sh_position_to_text(pos, line, sizeof line, NULL)) != SH_OK) die("text", st);
    printf("\n%s\n", line);
  }
  sh_position_free(pos);
  sh_rules_free(rules);
  return 0;
}
