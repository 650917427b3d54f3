#!/usr/bin/env python3
"""A small Monte Carlo tree search that beats the engine's `normal` player on
classic-2, through sternhalma.rl's OpenSpiel-shaped State.

The search is UCT over State.clone() + apply_action(); a leaf is valued by
State.playouts(): a playout in C where both sides play the normal
player's move (or a random legal move with probability epsilon) for a short
horizon, scored by the game's returns if it ended, else by a distance-lead
heuristic. The rollouts are self-play: the search models its opponent with
the same policy it uses for itself. What made it win (measured, see
bench/README.md): a short horizon (8 turns; 20 and more lost to normal) and
the normal player's move expanded first, so that the search leaves it only
for a move that its playouts find strictly better.

    /usr/bin/python3 examples/python/mcts_selfplay.py --games 4 --simulations 120

(numpy is needed by sternhalma.rl: Debian's python3-numpy, or pip's numpy.)
Prints one line per game and the score, e.g. "mcts 4 - normal 0".
"""
import argparse
import math
import random
import time

import sternhalma.rl as rl


class Node:
    __slots__ = ("player", "untried", "children", "visits", "value")

    def __init__(self, state, rng):
        self.player = state.current_player()
        self.untried = state.legal_actions()
        rng.shuffle(self.untried)
        if self.untried:
            # The normal player's move is expanded first, so it wins ties.
            greedy = state.engine_action("normal", seed=rng.getrandbits(63))
            self.untried.remove(greedy)
            self.untried.append(greedy)
        self.children = {}
        self.visits = 0
        self.value = None  # summed returns, one per player


def search(root_state, simulations, rng, c=0.2, epsilon=0.0, horizon=8):
    """The action with the most visits after `simulations` playouts."""
    root = Node(root_state, rng)
    for _ in range(simulations):
        state = root_state.clone()
        node, path = root, [root]
        # Selection: UCB1 on the mover's own return.
        while not node.untried and node.children:
            p, log_n = node.player, math.log(node.visits)
            action, node = max(
                node.children.items(),
                key=lambda kv: kv[1].value[p] / kv[1].visits + c * math.sqrt(log_n / kv[1].visits))
            state.apply_action(action)
            path.append(node)
        # Expansion.
        if node.untried and not state.is_terminal():
            action = node.untried.pop()
            state.apply_action(action)
            child = Node(state, rng)
            node.children[action] = child
            node, path = child, path + [child]
        # Evaluation and backup.
        if state.is_terminal():
            ret = state.returns()
        else:
            ret = state.playouts(1, epsilon, horizon, seed=rng.getrandbits(63))
        for n in path:
            n.visits += 1
            n.value = list(ret) if n.value is None else [a + b for a, b in zip(n.value, ret)]
    # The best mean return among the children visited at least half as often
    # as the most visited one (a robust choice when values are close).
    p = root.player
    most = max(ch.visits for ch in root.children.values())
    return max(((a, ch) for a, ch in root.children.items() if 2 * ch.visits >= most),
               key=lambda kv: kv[1].value[p] / kv[1].visits)[0]


def play(game, mcts_player, simulations, rng, seed):
    """One game: MCTS plays `mcts_player`, the engine's normal player the rest."""
    state = game.new_initial_state()
    turn = 0
    while not state.is_terminal():
        if state.current_player() == mcts_player:
            action = search(state, simulations, rng)
        else:
            action = state.engine_action("normal", seed=seed + turn)
        state.apply_action(action)
        turn += 1
    return state.returns()[mcts_player], turn


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="classic-2")
    ap.add_argument("--games", type=int, default=4, help="games; MCTS alternates W and K")
    ap.add_argument("--simulations", type=int, default=120, help="playouts per MCTS move")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.games < 1 or args.simulations < 1:
        ap.error("--games and --simulations must be at least 1")
    game = rl.Game(args.preset, record=False)  # clones copy no history
    rng = random.Random(args.seed)
    wins = losses = draws = 0
    for g in range(args.games):
        player = g % 2
        t0 = time.process_time()
        result, actions = play(game, player, args.simulations, rng, seed=args.seed * 1000 + g)
        wins += result > 0
        losses += result < 0
        draws += result == 0
        print(f"game {g + 1}: mcts plays {rl.SEAT_LETTERS[game.seats()[player]]}, "
              f"result {result:+.0f} after {actions} actions ({time.process_time() - t0:.1f} s CPU)",
              flush=True)
    print(f"mcts {wins} - normal {losses} (draws {draws})")


if __name__ == "__main__":
    main()
