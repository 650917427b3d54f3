/* capi_position_test.c — the C ABI's positions: parsing and text, packing,
 * legal moves and their checks, paths (and the all-paths ceiling), perft,
 * divide, playouts and the batch calls; every misuse gives the right status
 * and a readable message and changes nothing (capi_check.h). Plain C99. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"
#include "sternhalma.h"

static void test_positions(void) {
  sh_rules *r = NULL, *r2 = NULL;
  sh_position *p = NULL, *q = NULL;
  char buf[2048], before[1024];
  size_t need, cnt;
  int seat, king, round, cells[121];
  uint64_t h1, h2;
  unsigned char pk[SH_PACKED_SIZE], pk2[SH_PACKED_SIZE];
  const char *start =
      "classic-2 W W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0";

  ST(sh_rules_new("classic-2", &r), SH_OK);
  ST(sh_position_new(r, &p), SH_OK);
  ST(sh_position_new(NULL, &p), SH_ERR_NULL);
  STH(sh_position_new(r, NULL), SH_ERR_NULL, sh_rules_error, r);
  ST(sh_position_to_text(p, NULL, 0, &need), SH_OK);
  CHECK(need == strlen(start) + 1);
  ST(sh_position_to_text(p, buf, sizeof buf, NULL), SH_OK);
  CHECK(strcmp(buf, start) == 0);
  STH(sh_position_to_text(p, buf, 10, &need), SH_ERR_BUFFER, sh_position_error, p);
  STH(sh_position_to_text(p, NULL, 10, &need), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_to_text(NULL, buf, sizeof buf, &need), SH_ERR_NULL);
  CHECK(strcmp(sh_position_error(NULL), "") != 0);
  CHECK(strcmp(sh_rules_error(NULL), "") != 0);

  ST(sh_position_render(p, NULL, 0, &need), SH_OK);
  CHECK(need > 17 * 10);
  ST(sh_position_render(p, buf, sizeof buf, NULL), SH_OK);
  CHECK(strstr(buf, "W to move") != NULL);
  STH(sh_position_render(p, buf, 5, &need), SH_ERR_BUFFER, sh_position_error, p);
  ST(sh_position_render(NULL, buf, sizeof buf, &need), SH_ERR_NULL);

  ST(sh_position_parse(start, &q), SH_OK);
  ST(sh_position_hash(p, &h1), SH_OK);
  ST(sh_position_hash(q, &h2), SH_OK);
  CHECK(h1 == h2);
  ST(sh_position_hash(NULL, &h1), SH_ERR_NULL);
  STH(sh_position_hash(p, NULL), SH_ERR_NULL, sh_position_error, p);
  sh_position_free(q);
  q = NULL;
  ST(sh_position_parse("classic-3", &q), SH_OK);
  ST(sh_position_to_move(q, &seat), SH_OK);
  CHECK(seat == 0);
  sh_position_free(q);
  q = NULL;
  ST(sh_position_parse("bogus-9 W 0", &q), SH_ERR_PRESET);
  CHECK(q == NULL);
  ST(sh_position_parse("classic-2 W W:m1,zz9 K:e17 0", &q), SH_ERR_PARSE);
  CHECK(strstr(sh_last_error(), "zz9") != NULL && q == NULL);
  ST(sh_position_parse("classic-2 R W:m1 K:e17 0", &q), SH_ERR_PARSE);
  ST(sh_position_parse("", &q), SH_ERR_PARSE);
  {
    /* A text past the parsers' ceiling (64 KiB) is refused before any work. */
    char *big = (char *)malloc(65538);
    CHECK(big != NULL);
    memset(big, ' ', 65537);
    memcpy(big, "classic-2", 9);
    big[65537] = '\0';
    ST(sh_position_parse(big, &q), SH_ERR_PARSE);
    CHECK(strcmp(sh_last_error(), "position: 65537 bytes, more than the 65536 a text may have") == 0);
    CHECK(q == NULL);
    free(big);
  }
  ST(sh_position_parse(NULL, &q), SH_ERR_NULL);
  ST(sh_position_parse("classic-2", NULL), SH_ERR_NULL);

  ST(sh_position_parse_rules(r, "classic-2 K W:m1 K:e17 3", &q), SH_OK);
  ST(sh_position_to_move(q, &seat), SH_OK);
  CHECK(seat == 3);
  ST(sh_position_round(q, &round), SH_OK);
  CHECK(round == 3);
  ST(sh_position_round(NULL, &round), SH_ERR_NULL);
  STH(sh_position_round(q, NULL), SH_ERR_NULL, sh_position_error, q);
  ST(sh_position_to_move(NULL, &seat), SH_ERR_NULL);
  STH(sh_position_to_move(q, NULL), SH_ERR_NULL, sh_position_error, q);
  sh_position_free(q);
  q = NULL;
  STH(sh_position_parse_rules(r, "table-2 W W:m1 K:e17 0", &q), SH_ERR_PARSE, sh_rules_error, r);
  ST(sh_position_parse_rules(NULL, "classic-2", &q), SH_ERR_NULL);
  STH(sh_position_parse_rules(r, NULL, &q), SH_ERR_NULL, sh_rules_error, r);
  STH(sh_position_parse_rules(r, "classic-2", NULL), SH_ERR_NULL, sh_rules_error, r);
  /* a custom table */
  ST(sh_rules_clone(r, &r2), SH_OK);
  ST(sh_rules_set_option(r2, "id", "my-table"), SH_OK);
  ST(sh_rules_set_option(r2, "zones", "free"), SH_OK);
  ST(sh_position_parse_rules(r2, "my-table W W:m1 K:e17 0", &q), SH_OK);
  ST(sh_position_to_text(q, buf, sizeof buf, NULL), SH_OK);
  CHECK(strcmp(buf, "my-table W W:m1 K: 0") != 0 && strncmp(buf, "my-table W W:m1 K:e17 0", 30) == 0);
  {
    sh_rules *back = NULL;
    ST(sh_position_rules(q, &back), SH_OK);
    ST(sh_rules_get_option(back, "zones", buf, sizeof buf, NULL), SH_OK);
    CHECK(strcmp(buf, "free") == 0);
    sh_rules_free(back);
    ST(sh_position_rules(NULL, &back), SH_ERR_NULL);
    STH(sh_position_rules(q, NULL), SH_ERR_NULL, sh_position_error, q);
  }
  sh_position_free(q);
  q = NULL;

  ST(sh_position_owner(p, 0, &seat, &king), SH_OK);
  CHECK(seat == 0 && king == 0);
  ST(sh_position_owner(p, 60, &seat, NULL), SH_OK);
  CHECK(seat == SH_NO_SEAT);
  ST(sh_position_owner(p, 120, &seat, NULL), SH_OK);
  CHECK(seat == 3);
  STH(sh_position_owner(p, 121, &seat, NULL), SH_ERR_CELL, sh_position_error, p);
  STH(sh_position_owner(p, 0, NULL, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_owner(NULL, 0, &seat, NULL), SH_ERR_NULL);

  ST(sh_position_pieces(p, 3, cells, 121, &cnt), SH_OK);
  CHECK(cnt == 10 && cells[9] == 120);
  ST(sh_position_pieces(p, 1, cells, 121, &cnt), SH_OK);
  CHECK(cnt == 0);
  STH(sh_position_pieces(p, 0, cells, 4, &cnt), SH_ERR_BUFFER, sh_position_error, p);
  CHECK(cnt == 10);
  STH(sh_position_pieces(p, 9, cells, 121, &cnt), SH_ERR_SEAT, sh_position_error, p);
  ST(sh_position_pieces(NULL, 0, cells, 121, &cnt), SH_ERR_NULL);

  ST(sh_position_clone(p, &q), SH_OK);
  ST(sh_position_clone(NULL, &q), SH_ERR_NULL);
  STH(sh_position_clone(p, NULL), SH_ERR_NULL, sh_position_error, p);
  CHECK(strcmp(text_of(p), text_of(q)) == 0);
  sh_position_free(q);
  q = NULL;

  /* packed */
  ST(sh_position_pack(p, pk), SH_OK);
  CHECK(pk[0] == 0 && pk[60] == SH_PACKED_EMPTY && pk[120] == 3 && pk[121] == 0 && pk[127] == 0);
  ST(sh_position_pack(NULL, pk), SH_ERR_NULL);
  STH(sh_position_pack(p, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_unpack(r, pk, &q), SH_OK);
  CHECK(strcmp(text_of(p), text_of(q)) == 0);
  sh_position_free(q);
  q = NULL;
  memcpy(pk2, pk, sizeof pk);
  pk2[60] = 1; /* red does not play classic-2 */
  STH(sh_position_unpack(r, pk2, &q), SH_ERR_PARSE, sh_rules_error, r);
  CHECK(q == NULL);
  memcpy(pk2, pk, sizeof pk);
  pk2[0] = SH_PACKED_KING; /* no kings in classic */
  STH(sh_position_unpack(r, pk2, &q), SH_ERR_PARSE, sh_rules_error, r);
  memcpy(pk2, pk, sizeof pk);
  pk2[121] = 2;
  STH(sh_position_unpack(r, pk2, &q), SH_ERR_PARSE, sh_rules_error, r);
  ST(sh_position_unpack(NULL, pk, &q), SH_ERR_NULL);
  STH(sh_position_unpack(r, NULL, &q), SH_ERR_NULL, sh_rules_error, r);
  STH(sh_position_unpack(r, pk, NULL), SH_ERR_NULL, sh_rules_error, r);

  strcpy(before, text_of(p));
  CHECK(strcmp(before, start) == 0);
  sh_rules_free(r);
  sh_rules_free(r2);
  sh_position_free(p);
  sh_position_free(NULL);
}

static void test_moves(void) {
  sh_position *p = NULL, *k = NULL;
  sh_move mv[2000], m;
  size_t cnt, need, paths, i;
  int cells[200], legal, trunc;
  char buf[256], before[1024];

  ST(sh_position_parse("classic-2", &p), SH_OK);
  ST(sh_position_legal_moves(p, NULL, 0, &cnt), SH_OK);
  CHECK(cnt == 14);
  ST(sh_position_legal_moves(p, mv, 2000, &cnt), SH_OK);
  CHECK(cnt == 14);
  for (i = 1; i < cnt; ++i)
    CHECK(mv[i - 1].from < mv[i].from || (mv[i - 1].from == mv[i].from && mv[i - 1].to < mv[i].to));
  STH(sh_position_legal_moves(p, mv, 13, &cnt), SH_ERR_BUFFER, sh_position_error, p);
  CHECK(cnt == 14);
  STH(sh_position_legal_moves(p, NULL, 13, &cnt), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_legal_moves(NULL, mv, 2000, &cnt), SH_ERR_NULL);
  ST(sh_position_count_moves(p, &cnt), SH_OK);
  CHECK(cnt == 14);
  ST(sh_position_count_moves(NULL, &cnt), SH_ERR_NULL);
  STH(sh_position_count_moves(p, NULL), SH_ERR_NULL, sh_position_error, p);

  /* k3 (index 4): steps to j5? Check through is_legal and destinations. */
  ST(sh_position_destinations(p, 6, cells, 200, &cnt), SH_OK); /* j4 */
  CHECK(cnt == 2);
  ST(sh_position_destinations(p, 60, cells, 200, &cnt), SH_OK); /* empty cell */
  CHECK(cnt == 0);
  STH(sh_position_destinations(p, 121, cells, 200, &cnt), SH_ERR_CELL, sh_position_error, p);
  STH(sh_position_destinations(p, 6, cells, 1, &cnt), SH_ERR_BUFFER, sh_position_error, p);
  ST(sh_position_destinations(NULL, 6, cells, 200, &cnt), SH_ERR_NULL);

  ST(sh_position_is_legal(p, mv[0].from, mv[0].to, &legal), SH_OK);
  CHECK(legal == 1);
  ST(sh_position_is_legal(p, 0, 60, &legal), SH_OK);
  CHECK(legal == 0);
  STH(sh_position_is_legal(p, 0, 130, &legal), SH_ERR_CELL, sh_position_error, p);
  STH(sh_position_is_legal(p, 0, 1, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_is_legal(NULL, 0, 1, &legal), SH_ERR_NULL);

  ST(sh_position_closed_cells(p, 0, cells, 200, &cnt), SH_OK);
  CHECK(cnt == 40);
  STH(sh_position_closed_cells(p, 8, cells, 200, &cnt), SH_ERR_SEAT, sh_position_error, p);
  ST(sh_position_closed_cells(NULL, 0, cells, 200, &cnt), SH_ERR_NULL);

  /* m1-m3-k5 after nothing? At the start k3-i5 is a jump over j4. */
  {
    int k3, i5, j4, m1;
    sh_cell_from_name("k3", &k3);
    sh_cell_from_name("i5", &i5);
    sh_cell_from_name("j4", &j4);
    sh_cell_from_name("m1", &m1);
    ST(sh_position_canonical_path(p, k3, i5, cells, 200, &cnt), SH_OK);
    CHECK(cnt == 2 && cells[0] == k3 && cells[1] == i5);
    STH(sh_position_canonical_path(p, k3, i5, cells, 1, &cnt), SH_ERR_BUFFER, sh_position_error, p);
    CHECK(cnt == 2);
    STH(sh_position_canonical_path(p, m1, i5, cells, 200, &cnt), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_canonical_path(p, m1, 121, cells, 200, &cnt), SH_ERR_CELL, sh_position_error, p);
    ST(sh_position_canonical_path(NULL, k3, i5, cells, 200, &cnt), SH_ERR_NULL);

    ST(sh_position_all_paths(p, k3, i5, 10, NULL, 0, &need, &paths, &trunc), SH_OK);
    CHECK(need == 3);
    ST(sh_position_all_paths(p, k3, i5, 10, cells, 200, &cnt, &paths, &trunc), SH_OK);
    CHECK(cnt == 3 && paths == 1 && trunc == 0 && cells[2] == SH_NO_CELL);
    ST(sh_position_all_paths(p, k3, i5, 10, cells, 200, &cnt, NULL, NULL), SH_OK);
    STH(sh_position_all_paths(p, k3, i5, 10, cells, 2, &cnt, &paths, &trunc), SH_ERR_BUFFER, sh_position_error, p);
    STH(sh_position_all_paths(p, k3, i5, 0, cells, 200, &cnt, &paths, &trunc), SH_ERR_RANGE, sh_position_error, p);
    STH(sh_position_all_paths(p, m1, i5, 10, cells, 200, &cnt, &paths, &trunc), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_all_paths(p, -1, i5, 10, cells, 200, &cnt, &paths, &trunc), SH_ERR_CELL, sh_position_error, p);
    ST(sh_position_all_paths(NULL, k3, i5, 10, cells, 200, &cnt, &paths, &trunc), SH_ERR_NULL);
    /* A limit equal to the number of routes leaves nothing out. */
    ST(sh_position_all_paths(p, k3, i5, 1, cells, 200, &cnt, &paths, &trunc), SH_OK);
    CHECK(paths == 1 && trunc == 0);

    ST(sh_position_format_move(p, k3, i5, buf, sizeof buf, &need), SH_OK);
    CHECK(strcmp(buf, "k3-i5") == 0 && need == 6);
    STH(sh_position_format_move(p, k3, i5, buf, 3, &need), SH_ERR_BUFFER, sh_position_error, p);
    STH(sh_position_format_move(p, m1, i5, buf, sizeof buf, &need), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_format_move(p, m1, 999, buf, sizeof buf, &need), SH_ERR_CELL, sh_position_error, p);
    ST(sh_position_format_move(NULL, k3, i5, buf, sizeof buf, &need), SH_ERR_NULL);

    ST(sh_position_parse_move(p, "k3-i5", &m), SH_OK);
    CHECK(m.from == k3 && m.to == i5);
    m.from = m.to = -7;
    STH(sh_position_parse_move(p, "m1-m5", &m), SH_ERR_MOVE, sh_position_error, p);
    CHECK(m.from == -7);
    STH(sh_position_parse_move(p, "hello", &m), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_parse_move(p, NULL, &m), SH_ERR_NULL, sh_position_error, p);
    STH(sh_position_parse_move(p, "k3-i5", NULL), SH_ERR_NULL, sh_position_error, p);
    ST(sh_position_parse_move(NULL, "k3-i5", &m), SH_ERR_NULL);

    /* play: illegal moves change nothing */
    strcpy(before, text_of(p));
    STH(sh_position_play(p, m1, i5), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_play(p, 60, 61), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_play(p, 0, 121), SH_ERR_CELL, sh_position_error, p);
    ST(sh_position_play(NULL, k3, i5), SH_ERR_NULL);
    CHECK(strcmp(before, text_of(p)) == 0);
    ST(sh_position_play(p, k3, i5), SH_OK);
    CHECK(strcmp(before, text_of(p)) != 0);
    {
      int seat, round;
      sh_position_to_move(p, &seat);
      sh_position_round(p, &round);
      CHECK(seat == 3 && round == 0);
      ST(sh_position_legal_moves(p, mv, 2000, &cnt), SH_OK);
      ST(sh_position_play(p, mv[0].from, mv[0].to), SH_OK);
      sh_position_to_move(p, &seat);
      sh_position_round(p, &round);
      CHECK(seat == 0 && round == 1);
    }
  }
  sh_position_free(p);

  /* play: the round stops at the text's ceiling, and the refusal changes
   * nothing (the text still parses) */
  ST(sh_position_parse("classic-2 K W:m1 K:i9 1000000000", &p), SH_OK);
  strcpy(before, text_of(p));
  STH(sh_position_play(p, 60, 61), SH_ERR_LIMIT, sh_position_error, p);
  CHECK(strstr(sh_position_error(p), "round would pass 1000000000") != NULL);
  CHECK(strcmp(before, text_of(p)) == 0);
  ST(sh_position_parse(before, &k), SH_OK);
  sh_position_free(k);
  sh_position_free(p);

  /* a king table: packed king bit and render mark */
  ST(sh_position_parse("japanese-2", &k), SH_OK);
  {
    unsigned char pk[SH_PACKED_SIZE];
    int seat, king;
    ST(sh_position_owner(k, 0, &seat, &king), SH_OK);
    CHECK(seat == 0 && king == 1);
    ST(sh_position_pack(k, pk), SH_OK);
    CHECK(pk[0] == (0 | SH_PACKED_KING));
    ST(sh_position_render(k, before, sizeof before, NULL), SH_OK);
    CHECK(strstr(before, "W*") != NULL);
    ST(sh_position_count_moves(k, &cnt), SH_OK);
    CHECK(cnt == 20);
  }
  sh_position_free(k);
}

/* A legal table-6 position with millions of routes for each move of i9: the
 * library stops at its ceiling of 100000 routes and says so (2), in both the
 * size query and the fill call. */
static void test_all_paths_ceiling(void) {
  sh_position *p = NULL;
  int i9, k5, trunc = -1;
  size_t need = 0, cnt = 0, paths = 0;
  int *cells;
  ST(sh_position_parse("table-6 W W:j4,j5,g6,i6,j7,g8,i8,i9,d10,e10 "
                       "R:k4,l5,j6,n6,h8,j8,l8,l10,m10,j11 B:l4,h6,k6,f7,k8,f9,h9,d11,e12,f12 "
                       "K:m4,l6,m6,n7,j9,l9,g10,l11,g12,j12 Y:h5,h7,e8,f8,f10,h10,j10,d12,h12,f13 "
                       "G:n5,l7,m8,n8,i10,k10,h11,i12,h13 0", &p), SH_OK);
  sh_cell_from_name("i9", &i9);
  sh_cell_from_name("k5", &k5);
  ST(sh_position_all_paths(p, i9, k5, (size_t)-1, NULL, 0, &need, &paths, &trunc), SH_OK);
  CHECK(paths == 100000 && trunc == 2 && need > 300000);
  cells = (int *)malloc(need * sizeof *cells);
  CHECK(cells != NULL);
  if (cells) {
    paths = 0;
    trunc = -1;
    ST(sh_position_all_paths(p, i9, k5, (size_t)-1, cells, need, &cnt, &paths, &trunc), SH_OK);
    CHECK(cnt == need && paths == 100000 && trunc == 2);
    CHECK(cells[0] == i9 && cells[need - 2] == k5 && cells[need - 1] == SH_NO_CELL);
    /* Under the ceiling the caller's limit is what cuts. */
    ST(sh_position_all_paths(p, i9, k5, 50, cells, need, &cnt, &paths, &trunc), SH_OK);
    CHECK(paths == 50 && trunc == 1);
    free(cells);
  }
  sh_position_free(p);
}

static void test_perft_batch(void) {
  sh_position *p = NULL;
  sh_rules *r = NULL;
  uint64_t n, nodes[64], sum = 0;
  sh_move mv[64], all[4000];
  size_t cnt, i, off[4], bad = 99;
  uint32_t counts[3] = {0, 0, 0};
  unsigned char pk[3 * SH_PACKED_SIZE];
  int winners[4], plies[4], plies2[4];
  const char *texts[3] = {"classic-2", "fifteen-2", "japanese-2"};
  const char *badtexts[2] = {"classic-2", "classic-2 W W:q1 0"};

  ST(sh_position_parse("classic-2", &p), SH_OK);
  ST(sh_perft(p, 0, &n), SH_OK);
  CHECK(n == 1);
  ST(sh_perft(p, 3, &n), SH_OK);
  CHECK(n == 4648);
  ST(sh_perft(p, 4, &n), SH_OK);
  CHECK(n == 110224);
  STH(sh_perft(p, -1, &n), SH_ERR_RANGE, sh_position_error, p);
  STH(sh_perft(p, 99, &n), SH_ERR_RANGE, sh_position_error, p);
  STH(sh_perft(p, 2, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_perft(NULL, 2, &n), SH_ERR_NULL);
  /* On threads: the same counts; ranges checked, nodes untouched on error. */
  ST(sh_perft_threads(p, 4, 2, &n), SH_OK);
  CHECK(n == 110224);
  ST(sh_perft_threads(p, 3, 256, &n), SH_OK);
  CHECK(n == 4648);
  ST(sh_perft_threads(p, 0, 3, &n), SH_OK);
  CHECK(n == 1);
  n = 7;
  STH(sh_perft_threads(p, 3, 0, &n), SH_ERR_RANGE, sh_position_error, p);
  STH(sh_perft_threads(p, 3, 257, &n), SH_ERR_RANGE, sh_position_error, p);
  STH(sh_perft_threads(p, 33, 2, &n), SH_ERR_RANGE, sh_position_error, p);
  CHECK(n == 7);
  STH(sh_perft_threads(p, 3, 2, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_perft_threads(NULL, 3, 2, &n), SH_ERR_NULL);

  ST(sh_divide(p, 3, NULL, NULL, 0, &cnt), SH_OK);
  CHECK(cnt == 14);
  ST(sh_divide(p, 3, mv, nodes, 64, &cnt), SH_OK);
  for (i = 0; i < cnt; ++i) sum += nodes[i];
  CHECK(sum == 4648);
  STH(sh_divide(p, 3, mv, nodes, 5, &cnt), SH_ERR_BUFFER, sh_position_error, p);
  STH(sh_divide(p, 3, mv, NULL, 64, &cnt), SH_ERR_NULL, sh_position_error, p);
  STH(sh_divide(p, 0, mv, nodes, 64, &cnt), SH_ERR_RANGE, sh_position_error, p);
  ST(sh_divide(NULL, 3, mv, nodes, 64, &cnt), SH_ERR_NULL);

  /* batch over packed positions */
  ST(sh_rules_new("classic-2", &r), SH_OK);
  for (i = 0; i < 3; ++i) ST(sh_position_pack(p, pk + i * SH_PACKED_SIZE), SH_OK);
  pk[2 * SH_PACKED_SIZE + 121] = 3; /* black to move in the third */
  ST(sh_batch_count_moves(r, pk, 3, counts), SH_OK);
  CHECK(counts[0] == 14 && counts[1] == 14 && counts[2] == 14);
  ST(sh_batch_count_moves(r, NULL, 0, NULL), SH_OK);
  ST(sh_batch_count_moves(NULL, pk, 3, counts), SH_ERR_NULL);
  STH(sh_batch_count_moves(r, NULL, 3, counts), SH_ERR_NULL, sh_rules_error, r);
  STH(sh_batch_count_moves(r, pk, 3, NULL), SH_ERR_NULL, sh_rules_error, r);
  pk[SH_PACKED_SIZE + 60] = 4;
  counts[0] = 77;
  STH(sh_batch_count_moves(r, pk, 3, counts), SH_ERR_PARSE, sh_rules_error, r);
  CHECK(counts[0] == 77 && strstr(sh_last_error(), "position 1") != NULL);
  pk[SH_PACKED_SIZE + 60] = SH_PACKED_EMPTY;

  ST(sh_batch_legal_moves(r, pk, 3, off, NULL, 0, &cnt), SH_OK);
  CHECK(cnt == 42);
  ST(sh_batch_legal_moves(r, pk, 3, off, all, 4000, &cnt), SH_OK);
  CHECK(off[0] == 0 && off[1] == 14 && off[3] == 42 && all[14].from == all[0].from);
  STH(sh_batch_legal_moves(r, pk, 3, off, all, 10, &cnt), SH_ERR_BUFFER, sh_rules_error, r);
  CHECK(cnt == 42);
  STH(sh_batch_legal_moves(r, pk, 3, NULL, all, 4000, &cnt), SH_ERR_NULL, sh_rules_error, r);
  STH(sh_batch_legal_moves(r, NULL, 3, off, all, 4000, &cnt), SH_ERR_NULL, sh_rules_error, r);
  ST(sh_batch_legal_moves(NULL, pk, 3, off, all, 4000, &cnt), SH_ERR_NULL);

  ST(sh_batch_count_moves_text(texts, 3, counts, &bad), SH_OK);
  CHECK(counts[0] == 14 && counts[1] == 18 && counts[2] == 20);
  ST(sh_batch_count_moves_text(badtexts, 2, counts, &bad), SH_ERR_PARSE);
  CHECK(bad == 1 && counts[0] == 14);
  ST(sh_batch_count_moves_text(NULL, 2, counts, &bad), SH_ERR_NULL);
  ST(sh_batch_count_moves_text(texts, 2, NULL, &bad), SH_ERR_NULL);
  ST(sh_batch_count_moves_text(texts, 0, NULL, NULL), SH_OK);

  ST(sh_position_playouts(p, 4, 200, 42, winners, plies), SH_OK);
  for (i = 0; i < 4; ++i) CHECK(plies[i] >= 1 && plies[i] <= 200);
  ST(sh_position_playouts(p, 4, 200, 42, NULL, plies2), SH_OK);
  CHECK(memcmp(plies, plies2, sizeof plies) == 0); /* deterministic */
  ST(sh_position_playouts(p, 4, 0, 42, winners, plies), SH_OK);
  CHECK(plies[0] == 0 && winners[0] == SH_NO_SEAT);
  STH(sh_position_playouts(p, 4, -1, 42, winners, plies), SH_ERR_RANGE, sh_position_error, p);
  ST(sh_position_playouts(NULL, 4, 10, 42, winners, plies), SH_ERR_NULL);
  sh_rules_free(r);
  sh_position_free(p);
}

int main(void) {
  test_positions();
  test_moves();
  test_all_paths_ceiling();
  test_perft_batch();
  return checks_done();
}
