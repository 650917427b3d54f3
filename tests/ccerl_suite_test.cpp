// The CCERL-2P10-v2 suite (tests/data/ccerl/): every position's published
// legal-move count under preset ccerl-2 (SPEC §11), read through COMPACT121.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fixtures.h"
#include "reference_movegen.h"
#include "sternhalma/compact121.h"
#include "sternhalma/movegen.h"
#include "sternhalma/perft.h"

using namespace sternhalma;

namespace {

struct SuiteRow {
  std::string id, cells;
  int player = 0, ply = 0, legal_count = 0;
};

std::vector<SuiteRow> read_suite() {
  const std::string path = std::string(STERNHALMA_TEST_DATA) + "/ccerl/official_elo_v2.tsv";
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(), "cannot read ", path);
  std::vector<SuiteRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    SuiteRow r;
    fields >> r.id >> r.player >> r.ply >> r.legal_count >> r.cells;
    REQUIRE_MESSAGE(!fields.fail(), "bad line in ", path, ": ", line);
    rows.push_back(r);
  }
  return rows;
}

}  // namespace

TEST_CASE("CCERL suite: all 86 positions have their published legal-move counts under ccerl-2") {
  const Rules rules = fixtures::preset("ccerl-2");
  const std::vector<SuiteRow> rows = read_suite();
  REQUIRE(rows.size() == 86);
  Rules yes = rules;  // the same table with goal lock yes: where strict decides
  yes.id = "ccerl-2-yes";
  yes.goal_lock = GoalLock::kYes;
  int in_goal = 0, strict_decides = 0;
  for (const SuiteRow& r : rows) {
    CAPTURE(r.id);
    const absl::StatusOr<Position> p = from_compact121(rules, r.cells, r.player, r.ply);
    REQUIRE_MESSAGE(p.ok(), p.status().ToString());
    CHECK(to_compact121(*p) == r.cells);
    CHECK(compact121_player(*p) == r.player);
    CHECK(compact121_ply(*p) == r.ply);
    CHECK(count_moves(*p, p->to_move()) == r.legal_count);
    CHECK(static_cast<int>(legal_moves(*p, p->to_move()).size()) == r.legal_count);
    CHECK(static_cast<int>(ref::moves(*p).size()) == r.legal_count);
    // perft's counting without playing agrees with playing (depth 2).
    CHECK(perft(*p, 2) == ref::perft(*p, 2));
    in_goal += (p->pieces(p->to_move()) & goal_cells(rules, p->to_move())).any();
    const absl::StatusOr<Position> q = from_compact121(yes, r.cells, r.player, r.ply);
    REQUIRE(q.ok());
    strict_decides += count_moves(*q, q->to_move()) != r.legal_count;
  }
  CHECK(strict_decides > 0);  // the suite exercises strict goal lock, not only yes
  MESSAGE("suite positions with the mover's marbles in its goal: ", in_goal,
          "; whose count goal lock yes would change: ", strict_decides);
}
