// Routes of a move: the canonical one by breadth-first search, all of them by
// a bounded depth-first search. Both walk the jump graph one cell at a time
// (jump_landings), which is slower than movegen's flood fill but gives the
// order of cells that a path needs. Only display and notation call them.
#include "sternhalma/paths.h"

#include <algorithm>
#include <array>

#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"

namespace sternhalma {

int jump_landings(const Position& pos, Cell origin, Cell x, Cell out[6]) {
  const int8_t s = pos.at(origin);
  if (s == kEmpty) return 0;
  const Rules& r = pos.rules();
  Bits occ = pos.occupied(), kings = pos.kings();
  const bool king_move = r.king() && kings.test(origin);
  occ.reset(origin);  // the origin is empty during the chain
  kings.reset(origin);
  const Bits closed = closed_cells(r, s);
  const bool no_entry = r.zones == ZoneRule::kNoEntry;
  int n = 0;
  for (int d = 0; d < kNumDirs; ++d) {
    Cell y = kNoCell;
    if (r.jumps == JumpRule::kLong) {
      y = movegen_detail::long_landing(x, d, occ);
    } else if (king_move) {
      y = movegen_detail::king_landing(x, d, occ, kings);
    } else {
      const Cell p = neighbour(x, d);
      if (p != kNoCell && occ.test(p) && !kings.test(p)) y = neighbour(p, d);
    }
    if (y == kNoCell || occ.test(y) || y == origin || (no_entry && closed.test(y))) continue;
    out[n++] = y;
  }
  std::sort(out, out + n);
  return n;
}

namespace {

bool is_step(Move m) { return neighbours(m.from).test(m.to); }

}  // namespace

Path canonical_path(const Position& pos, Move m) {
  if (m.from >= kNumCells || m.to >= kNumCells || !destinations(pos, m.from).test(m.to))
    return {};
  if (is_step(m)) return {m.from, m.to};
  // Breadth-first from the origin, keeping each cell's landings.
  std::array<int, kNumCells> dist;
  dist.fill(-1);
  std::array<std::array<Cell, 6>, kNumCells> adj;
  std::array<int, kNumCells> deg{};
  Cell order[kNumCells];
  int head = 0, tail = 0;
  dist[m.from] = 0;
  order[tail++] = m.from;
  while (head < tail) {
    const Cell x = order[head++];
    if (x == m.to) break;  // later layers cannot lie on a shortest path
    deg[x] = jump_landings(pos, m.from, x, adj[x].data());
    for (int i = 0; i < deg[x]; ++i)
      if (dist[adj[x][i]] < 0) {
        dist[adj[x][i]] = dist[x] + 1;
        order[tail++] = adj[x][i];
      }
  }
  if (dist[m.to] < 0) return {};
  // good[x]: x lies on some shortest path to m.to. Walk back layer by layer.
  std::array<bool, kNumCells> good{};
  good[m.to] = true;
  for (int i = head - 1; i >= 0; --i) {
    const Cell x = order[i];
    for (int k = 0; k < deg[x]; ++k)
      if (dist[adj[x][k]] == dist[x] + 1 && good[adj[x][k]]) good[x] = true;
  }
  // Greedy forward: the smallest good landing at each layer gives the
  // lexicographically smallest of the shortest chains.
  Path path{m.from};
  Cell x = m.from;
  while (x != m.to) {
    for (int k = 0; k < deg[x]; ++k) {
      const Cell y = adj[x][k];
      if (dist[y] == dist[x] + 1 && good[y]) {
        x = y;
        break;
      }
    }
    path.push_back(x);
  }
  return path;
}

std::vector<Path> all_paths(const Position& pos, Move m, size_t limit, bool* truncated) {
  std::vector<Path> out;
  if (truncated) *truncated = false;
  if (m.from >= kNumCells || m.to >= kNumCells || !destinations(pos, m.from).test(m.to))
    return out;
  if (is_step(m)) {
    if (limit == 0) {
      if (truncated) *truncated = true;
      return out;
    }
    out.push_back({m.from, m.to});
  }
  // Depth-first in ascending landing order. The work is bounded too, since
  // a search can wander long between two finds.
  long budget = 200000 + 1000 * static_cast<long>(std::min<size_t>(limit, 100000));
  Path path{m.from};
  std::array<bool, kNumCells> on_path{};
  on_path[m.from] = true;
  bool stopped = false;
  auto walk = [&](auto&& self, Cell x) -> void {
    Cell land[6];
    const int n = jump_landings(pos, m.from, x, land);
    for (int i = 0; i < n && !stopped; ++i) {
      const Cell y = land[i];
      if (on_path[y]) continue;
      if (--budget < 0 || out.size() >= limit) {
        stopped = true;
        return;
      }
      path.push_back(y);
      if (y == m.to) {
        out.push_back(path);
      } else {
        on_path[y] = true;
        self(self, y);
        on_path[y] = false;
      }
      path.pop_back();
    }
  };
  walk(walk, m.from);
  if (truncated) *truncated = stopped;
  return out;
}

}  // namespace sternhalma
