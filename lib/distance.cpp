#include "sternhalma/distance.h"

#include <algorithm>
#include <climits>

#include "sternhalma/movegen.h"

namespace sternhalma {

int tip_distance(const Position& pos, Seat s) {
  const Cell tip = tip_cell(opposite_point(s));
  int d = 0;
  pos.pieces(s).for_each([&](Cell c) { d += hex_distance(c, tip); });
  return d;
}

int marbles_in_goal(const Position& pos, Seat s) {
  return (pos.pieces(s) & goal_cells(pos.rules(), s)).count();
}

// Hungarian algorithm with potentials (rows <= columns), O(n^2 m).
int min_assignment(const int* cost, int n, int m) {
  if (n == 0) return 0;
  constexpr int kMax = 16;
  int u[kMax + 1] = {}, v[kMax + 1] = {}, p[kMax + 1] = {}, way[kMax + 1] = {};
  for (int i = 1; i <= n; ++i) {
    p[0] = i;
    int j0 = 0;
    int minv[kMax + 1];
    bool used[kMax + 1];
    std::fill(minv, minv + m + 1, INT_MAX);
    std::fill(used, used + m + 1, false);
    do {
      used[j0] = true;
      const int i0 = p[j0];
      int delta = INT_MAX, j1 = 0;
      for (int j = 1; j <= m; ++j) {
        if (used[j]) continue;
        const int cur = cost[(i0 - 1) * m + (j - 1)] - u[i0] - v[j];
        if (cur < minv[j]) minv[j] = cur, way[j] = j0;
        if (minv[j] < delta) delta = minv[j], j1 = j;
      }
      for (int j = 0; j <= m; ++j) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const int j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  int total = 0;
  for (int j = 1; j <= m; ++j)
    if (p[j]) total += cost[(p[j] - 1) * m + (j - 1)];
  return total;
}

int goal_distance(const Position& pos, Seat s) {
  const Bits& goal = goal_cells(pos.rules(), s);
  const Bits out = pos.pieces(s).minus(goal);
  const Bits free = goal.minus(pos.pieces(s));
  Cell from[kNumCells], to[kNumCells];
  const int n = out.to_cells(from), m = free.to_cells(to);
  if (n == 0) return 0;
  if (n == 1) {
    int best = INT_MAX;
    for (int j = 0; j < m; ++j) best = std::min(best, hex_distance(from[0], to[j]));
    return best;
  }
  // A hand-built position may hold more marbles than goal cells, or more
  // than 15: then fill the cells with the best marbles (transposed), and
  // beyond 15 x 15 fall back to the greedy bound of nearest cells.
  if (std::min(n, m) > 15 || std::max(n, m) > 16) {
    int d = 0;
    for (int i = 0; i < n; ++i) {
      int best = INT_MAX;
      for (int j = 0; j < m; ++j) best = std::min(best, hex_distance(from[i], to[j]));
      d += m ? best : 0;
    }
    return d;
  }
  int cost[16 * 16];
  if (n <= m) {
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j) cost[i * m + j] = hex_distance(from[i], to[j]);
    return min_assignment(cost, n, m);
  }
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < n; ++i) cost[j * n + i] = hex_distance(from[i], to[j]);
  return min_assignment(cost, m, n);
}

int ranking_distance(const Position& pos, Seat s) {
  return pos.rules().ranking == Ranking::kTipDistance ? tip_distance(pos, s)
                                                      : goal_distance(pos, s);
}

}  // namespace sternhalma
