use sternhalma::*;
use std::time::Duration;

#[test]
fn perft_classic_2() {
    let p = Position::parse("classic-2").unwrap();
    assert_eq!(p.perft(1).unwrap(), 14);
    assert_eq!(p.perft(3).unwrap(), 4648);
    assert_eq!(p.perft(4).unwrap(), 110224);
    let d = p.divide(3).unwrap();
    assert_eq!(d.len(), 14);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 4648);
}

#[test]
fn perft_threads_counts_as_perft() {
    for preset in ["classic-2", "table-3"] {
        let p = Position::parse(preset).unwrap();
        for depth in 0..=3 {
            let want = p.perft(depth).unwrap();
            for threads in [1, 2, 3] {
                assert_eq!(p.perft_threads(depth, threads).unwrap(), want, "{preset} depth {depth} threads {threads}");
            }
        }
    }
}

#[test]
fn perft_threads_refuses_its_ranges_in_rust() {
    let p = Position::parse("classic-2").unwrap();
    // Rust's words ("is not in"), not C's ("out of range"): refused before the call.
    for (depth, threads, what) in [(2, 0, "threads 0 "), (2, 257, "threads 257 "), (2, u32::MAX, "threads 4294967295 "),
                                   (33, 2, "depth 33 "), (u32::MAX, 2, "depth 4294967295 ")] {
        let e = p.perft_threads(depth, threads).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Range, "{e}");
        assert!(e.message().starts_with("perft_threads: ") && e.message().contains(what) && e.message().contains("is not in"), "{e}");
    }
    assert_eq!(p.perft_threads(1, MAX_PERFT_THREADS).unwrap(), p.perft(1).unwrap());
}

#[test]
fn errors_carry_kind_and_message() {
    let e = Position::parse("nowhere-7").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Preset);
    assert!(e.message().contains("nowhere-7"), "{e}");
    assert_eq!(e.to_string(), e.message(), "Display is the message, without the status name");
    assert!(!e.to_string().starts_with("SH_ERR_"), "{e}");
    assert!(format!("{e:?}").contains("Preset"), "{e:?}");
    let boxed: Box<dyn std::error::Error> = Box::new(e.clone());
    assert_eq!(boxed.to_string(), e.to_string());
    let mut p = Position::parse("classic-2").unwrap();
    let before = p.to_string();
    let e = p.play(Move::new(0, 60)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Move);
    assert_eq!(p.to_string(), before);
    assert_eq!(parse_cell("z9").unwrap_err().kind(), ErrorKind::Cell);
    assert_eq!(parse_cell("k3\0").unwrap_err().kind(), ErrorKind::Text);
    assert_eq!(Rules::new("x").unwrap_err().kind(), ErrorKind::Preset);
    assert_eq!(Game::from_record("classic-2 W k3-k5\0 zz99").unwrap_err().kind(), ErrorKind::Text);
}

#[test]
fn moves_print_and_parse_with_cell_names() {
    let k3 = parse_cell("k3").unwrap();
    let k5 = parse_cell("k5").unwrap();
    let m: Move = "k3-k5".parse().unwrap();
    assert_eq!(m, Move::new(k3, k5));
    assert_eq!(m.to_string(), "k3-k5");
    assert_eq!("k3".parse::<Move>().unwrap_err().kind(), ErrorKind::Move);
    assert_eq!("k3-zz".parse::<Move>().unwrap_err().kind(), ErrorKind::Cell);
}

#[test]
fn move_text_is_exactly_two_cell_names() {
    // FromStr read only the first and last parts: these all became k3-k5.
    for text in ["k3-zz-k5", "k3--k5", "k3-\u{1F600}-k5", "k3-k4-k5", "m1-m3-k5", "k3-k5-"] {
        let e = text.parse::<Move>().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Move, "{text}: {e}");
        assert!(e.message().contains(&format!("'{text}'")), "{e}");
        assert!(e.message().contains("from-to"), "{e}");
    }
    let long = format!("k3-{}k5", "k4-".repeat(100));
    let e = long.parse::<Move>().unwrap_err();
    assert!(e.message().len() < 200, "the text is cut: {e}");
    // A route is the position's to read, hop by hop (MoveArg text).
    let mut g = Game::new("classic-2").unwrap();
    assert_eq!(g.apply("k3-zz-k5").unwrap_err().kind(), ErrorKind::Move);
    assert_eq!(g.actions(), 0);
    g.apply("k3-k5").unwrap();
    assert_eq!("k3-k5".parse::<Move>().unwrap(), Move::new(parse_cell("k3").unwrap(), parse_cell("k5").unwrap()));
}

#[test]
fn perft_and_divide_depths_are_the_library_s() {
    let p = Position::parse("classic-2").unwrap();
    let before = p.to_string();
    for (depth, shown) in [(33, "33"), (u32::MAX, "4294967295"), (1 << 31, "2147483648")] {
        let e = p.perft(depth).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Range);
        assert_eq!(e.message(), format!("perft: depth {shown} is not in 0..32"));
        let e = p.divide(depth).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Range);
        assert!(e.message().starts_with(&format!("divide: depth {shown} is not in 1..32")), "{e}");
    }
    let e = p.divide(0).unwrap_err();
    assert!(e.message().starts_with("divide: depth 0 is not in 1..32"), "{e}");
    assert_eq!(p.perft(0).unwrap(), 1);
    assert_eq!(p.divide(1).unwrap().len(), 14);
    assert_eq!(p.to_string(), before);
}

#[test]
fn moves_and_notation() {
    let mut p = Position::parse("classic-2").unwrap();
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 14);
    assert_eq!(p.count_moves(), 14);
    let m = p.parse_move("k3-i5").unwrap();
    assert!(p.is_legal(m).unwrap());
    assert!(p.is_legal("k3-i5").unwrap());
    assert!(!p.is_legal("m1-m5").unwrap());
    assert_eq!(p.format_move(m).unwrap(), "k3-i5");
    assert_eq!(p.canonical_path(m).unwrap(), vec![parse_cell("k3").unwrap(), parse_cell("i5").unwrap()]);
    let (routes, truncated) = p.all_paths(m, 10).unwrap();
    assert_eq!(routes, vec![p.canonical_path(m).unwrap()]);
    assert!(!truncated);
    p.play("k3-i5").unwrap();
    assert_eq!(p.to_move(), 3);
    assert!(p.render().contains("K to move"));
    let r = Rules::new("classic-2").unwrap();
    let start = Position::parse("classic-2").unwrap();
    let mut packed = Vec::new();
    packed.extend_from_slice(&start.pack());
    packed.extend_from_slice(&p.pack());
    assert_eq!(r.count_moves_batch(&packed).unwrap(), vec![14, p.count_moves() as u32]);
    assert_eq!(r.legal_moves_batch(&packed).unwrap(), vec![start.legal_moves(), p.legal_moves()]);
    assert_eq!(r.count_moves_batch(&packed[..100]).unwrap_err().kind(), ErrorKind::Parse);
    assert_eq!(Position::unpack(&r, &start.pack()).unwrap(), start);
    assert_eq!(Position::unpack(&r, &start.pack()[..121]).unwrap_err().kind(), ErrorKind::Parse);
}

#[test]
fn options() {
    let mut r = Rules::new("classic-2").unwrap();
    assert_eq!(r.get_option("zones").unwrap(), "closed");
    r.set_option("zones", "free").unwrap();
    assert_eq!(r.get_option("zones").unwrap(), "free");
    assert_eq!(r.set_option("zones", "nope").unwrap_err().kind(), ErrorKind::Option);
    r.set_options("goal-lock = no; deadline = none").unwrap();
    assert!(r.describe().iter().any(|(k, v)| k == "zones" && v == "free"));
    assert!(r.describe().iter().any(|(k, v)| k == "goal-lock" && v == "no"));
    assert!(presets().any(|id| id == "japanese-2"));
    assert_eq!(r.seats(), vec![0, 3]);
}

#[test]
fn full_game() {
    let rules = Rules::new("classic-2").unwrap();
    let mut game = Game::new(&rules).unwrap();
    let mut white = Player::new("normal", 1).unwrap();
    let mut black = Player::new("hard", 2).unwrap();
    while let Some(seat) = game.to_move() {
        let m = if seat == 0 { white.choose(&game) } else { black.choose(&game) }.unwrap();
        game.apply(m).unwrap();
        assert!(game.turns() < 1000);
    }
    assert!(game.is_over());
    assert_ne!(game.end_reason(), EndReason::None);
    let places = game.places();
    assert!(places[0] >= 1 && places[3] >= 1);
    assert_eq!(game.place(0).unwrap(), places[0]);
    assert_eq!(game.status(1).unwrap(), SeatStatus::NotPlayed);
    let events: Vec<Event> = game.events().collect();
    assert!(events.len() > 10);
    assert_eq!(events[0].kind, EventKind::Move);
    assert_eq!(events.last().unwrap().kind, EventKind::End);
    assert_eq!(events.last().unwrap().end_reason, game.end_reason());
    assert_eq!(game.events_from(events.len() - 1).count(), 1);
    let record = game.record();
    let replay = Game::from_record(&record).unwrap();
    assert_eq!(replay.places(), places);
    let d = game.rating_changes(&[1500.0, 1500.0], 32.0, 0.0).unwrap();
    assert_eq!(d[0], -d[1]);
    assert_eq!(game.apply("k3-k5").unwrap_err().kind(), ErrorKind::State);
    let n = game.undo(10_000).unwrap();
    assert!(n > 0);
    assert_eq!(game.turns(), 0);
    assert_eq!(game.undo(u32::MAX).unwrap_err().kind(), ErrorKind::Range);
}

#[test]
fn move_text_is_read_as_the_game_reads_it() {
    // pairs-2x2 (SPEC §5): W arrives, then moves its partner K's marbles.
    // The position (W to move, W's marbles) cannot read W's move i5-j4;
    // the game must, for parse_move, check and eliminates alike.
    let p = Position::parse(
        "pairs-2x2 W W:e14,f14,g14,e15,f15,g15,e16,f16,e17,h13 R:e9 K:m1,l2,m2,k3,l3,m3,k4,l4,m4,i6 Y:m9 0",
    )
    .unwrap();
    let mut g = Game::from_position(&p).unwrap();
    for m in ["h13-h14", "e9-e10", "i6-i5", "m9-m8"] {
        g.apply(m).unwrap();
    }
    assert_eq!((g.to_move(), g.marbles_of()), (Some(0), Some(3)));
    let i5_j4 = Move { from: parse_cell("i5").unwrap(), to: parse_cell("j4").unwrap() };
    assert_eq!(g.parse_move("i5-j4"), Ok(i5_j4));
    assert_eq!(g.check("i5-j4"), Ok(()));
    assert_eq!(g.eliminates("i5-j4"), Ok(false));
    assert_eq!(g.puts_out("i5-j4"), Ok(OutReason::None));
    let e = g.position().parse_move("i5-j4").unwrap_err();
    assert_eq!((e.kind(), e.message()), (ErrorKind::Move, "'i5-j4': the marble on i5 is not W's"));
    let e = g.parse_move("h14-h13").unwrap_err(); // W's own marble: not W's to move now
    assert_eq!((e.kind(), e.message()), (ErrorKind::Move, "'h14-h13': the marble on h14 is not K's"));
    let e = g.parse_move("i5\0-j4").unwrap_err();
    assert_eq!((e.kind(), e.message()), (ErrorKind::Text, "move holds a NUL byte at index 2"));
    assert_eq!(g.turns(), 4); // reading text plays nothing
    g.apply("i5-j4").unwrap();
    assert!(g.is_over());
    // Over: the game's state error, not a move error of the position.
    let over = Error::new(ErrorKind::State, "move: the game is over");
    assert_eq!(g.parse_move("k3-k5"), Err(over.clone()));
    assert_eq!(g.check("k3-k5"), Err(over.clone()));
    assert_eq!(g.eliminates("k3-k5"), Err(over.clone()));
    assert_eq!(g.puts_out("k3-k5"), Err(over));
}

#[test]
fn from_position_needs_every_seat_on_the_board() {
    let p = Position::parse("classic-3 W W:m1 B: Y:e17 0").unwrap();
    let e = Game::from_position(&p).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Option);
    assert!(e.message().starts_with("game: seat B has no pieces"), "{}", e.message());
}

#[test]
fn puts_out() {
    // The exit deadline at W's first move: every first move leaves marbles
    // at home that could move (rule 7), and none is SPEC's mark.
    let mut r = Rules::new("classic-2").unwrap();
    r.set_options("id=classic-2-deadline-1; deadline=1").unwrap();
    let g = Game::new(&r).unwrap();
    for m in g.legal_moves() {
        assert_eq!(g.puts_out(m), Ok(OutReason::Deadline));
        assert_eq!(g.eliminates(m), Ok(false));
    }
    // After the deadline, a marble brought back home puts its seat out.
    let p = Position::parse_with(
        &r,
        "classic-2-deadline-1 W W:m1,i5,e9,f9,g9,h9,i9,j9,k9,l9 K:l2,m2,k3,m3,e12,e13,f13,g13,h13,i13 0",
    )
    .unwrap();
    let mut g = Game::from_position(&p).unwrap();
    assert_eq!(g.puts_out("e9-e10"), Ok(OutReason::None)); // W's deadline move: m1 cannot move
    g.apply("e9-e10").unwrap();
    g.apply("e12-e11").unwrap();
    assert_eq!(g.puts_out("i5-j4"), Ok(OutReason::ReturnHome));
    assert_eq!(g.puts_out("i9-i10"), Ok(OutReason::None));
    assert_eq!(g.puts_out("m1-m2").unwrap_err().kind(), ErrorKind::Move); // m2 is taken
    assert_eq!(g.puts_out((0, 200)).unwrap_err().kind(), ErrorKind::Cell);
    g.apply("i5-j4").unwrap();
    assert_eq!(g.seat(0).unwrap().out_reason, OutReason::ReturnHome);
}

#[test]
fn clocks_and_timed_moves() {
    let mut g = Game::new("classic-2").unwrap();
    g.set_clock(Duration::from_secs(1), Duration::from_millis(10)).unwrap();
    g.apply_timed("k3-k5", Duration::from_millis(100)).unwrap();
    assert_eq!(g.seat(0).unwrap().reserve, Duration::from_millis(910));
    assert_eq!(g.to_move(), Some(3));
    assert_eq!(g.set_clock(Duration::MAX, Duration::ZERO).unwrap_err().kind(), ErrorKind::Range);
}

#[test]
fn durations_reach_c_in_whole_milliseconds_rounded_up() {
    // Rounded down, 900 µs of budget reached C as 0 ms, "no limit".
    let p = Player::with_budget("hard", 1, Budget { nodes: 0, time: Duration::from_micros(900) }).unwrap();
    assert_eq!(p.budget(), Budget { nodes: 0, time: Duration::from_millis(1) });
    let p = Player::with_budget("hard", 1, Budget { nodes: 0, time: Duration::from_millis(7) }).unwrap();
    assert_eq!(p.budget().time, Duration::from_millis(7)); // whole milliseconds stay as they are
    // 10.9 ms spent on a 10 ms reserve: charged 11 ms, the flag falls (W is
    // out by its flag on classic-2) instead of the move being played.
    let mut g = Game::new("classic-2").unwrap();
    g.set_clock(Duration::from_millis(10), Duration::ZERO).unwrap();
    g.apply_timed("k3-k5", Duration::from_micros(10_900)).unwrap();
    let kinds: Vec<EventKind> = g.events().map(|e| e.kind).collect();
    assert_eq!(kinds, [EventKind::Flag, EventKind::Out, EventKind::End]);
    assert_eq!(g.event_text(0).unwrap(), "flag W");
    assert!(g.is_over());
    // 10 ms exactly is all of the reserve, and the move is played.
    let mut g = Game::new("classic-2").unwrap();
    g.set_clock(Duration::from_millis(10), Duration::ZERO).unwrap();
    g.apply_timed("k3-k5", Duration::from_millis(10)).unwrap();
    assert_eq!((g.event_text(0).unwrap().as_str(), g.seat(0).unwrap().reserve), ("move W k3-k5", Duration::ZERO));
    // A 500 µs reserve is 1 ms, not a refused 0.
    let mut g = Game::new("classic-2").unwrap();
    g.set_clock(Duration::from_micros(500), Duration::from_micros(1)).unwrap();
    assert_eq!(g.seat(0).unwrap().reserve, Duration::from_millis(1));
    // Past a ceiling, the error names the ceiling the caller hit.
    let mut g = Game::new("classic-2").unwrap();
    let e = g.set_clock(Duration::MAX, Duration::ZERO).unwrap_err();
    assert_eq!((e.kind(), e.message()), (ErrorKind::Range, "reserve must be at most 1000000000000 ms, got 18446744073709551615.999999999s"));
    let e = g.set_clock(Duration::from_secs(1), MAX_CLOCK + Duration::from_nanos(1)).unwrap_err();
    assert_eq!(e.message(), "increment must be at most 1000000000000 ms, got 1000000000.000000001s");
    g.set_clock(MAX_CLOCK, MAX_CLOCK).unwrap();
    let mut pl = Player::new("hard", 1).unwrap();
    let e = pl.set_budget(Budget { nodes: 0, time: MAX_BUDGET_TIME + Duration::from_nanos(1) }).unwrap_err();
    assert_eq!((e.kind(), e.message()), (ErrorKind::Range, "budget time must be at most 3600000 ms, got 3600.000000001s"));
    assert_eq!(pl.budget(), Budget::default()); // refused: unchanged
    let e = Game::new("classic-2").unwrap().apply_timed("k3-k5", Duration::MAX).unwrap_err();
    assert_eq!(e.message(), "elapsed must be at most 9223372036854775807 ms, got 18446744073709551615.999999999s");
}

#[test]
fn players_clone_with_their_state() {
    let g = Game::new("table-2").unwrap();
    let mut a = Player::new("easy", 9).unwrap();
    a.choose(&g).unwrap();
    let mut b = a.clone();
    for _ in 0..5 {
        assert_eq!(a.choose(&g).unwrap(), b.choose(&g).unwrap());
    }
}

#[test]
fn playouts_are_bounded_and_deterministic() {
    let p = Position::parse("table-2").unwrap();
    let a = p.playouts(3, 50, 7).unwrap();
    assert_eq!(a, p.playouts(3, 50, 7).unwrap());
    assert!(a.iter().all(|&(_, n)| (1..=50).contains(&n)));
    assert_eq!(p.playouts(MAX_PLAYOUTS + 1, 10, 0).unwrap_err().kind(), ErrorKind::Range);
    // Each playout's turns: checked here, in Rust's words (C would name its own argument).
    let e = p.playouts(1, MAX_PLAYOUT_TURNS + 1, 0).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Range);
    assert_eq!(e.message(), "max_plies must be in 0..=2000000, got 2000001");
    let e = Game::new("table-2").unwrap().playouts(1, u32::MAX, 0).unwrap_err();
    assert_eq!(e.message(), "max_turns must be in 0..=2000000, got 4294967295");
    let g = Game::new("classic-2").unwrap();
    for (places, turns) in g.playouts(4, 1000, 3).unwrap() {
        assert!(turns <= 70, "{turns}");
        assert!(places[0] >= 1 && places[3] >= 1);
    }
}

#[test]
fn expert_budgets() {
    use std::time::Duration;
    // The same seed and node budget give the same moves; the budget bounds the search.
    let (mut a, mut b) = (Game::new("classic-3").unwrap(), Game::new("classic-3").unwrap());
    let budget = Budget { nodes: 600, time: Duration::ZERO };
    let mut pa = Player::with_budget("expert", 5, budget).unwrap();
    let mut pb = Player::with_budget("expert", 5, budget).unwrap();
    for _ in 0..6 {
        let (ma, mb) = (pa.choose(&a).unwrap(), pb.choose(&b).unwrap());
        assert_eq!(ma, mb);
        assert!(pa.last_stats().nodes <= 600);
        a.apply(ma).unwrap();
        b.apply(mb).unwrap();
    }
    assert_eq!(Player::new("expert", 1).unwrap().budget(), Budget::default());
    let e = pa.set_budget(Budget { nodes: MAX_BUDGET_NODES + 1, time: Duration::ZERO }).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Range);
    let e = pa.set_budget(Budget { nodes: 0, time: MAX_BUDGET_TIME + Duration::from_millis(1) }).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Range);
    assert_eq!(pa.budget(), budget); // a refused budget changes nothing
}

#[test]
fn expert_threads() {
    // 1 for a new player; 1..=MAX_SEARCH_THREADS taken, the rest refused with the count
    // unchanged; a clone keeps it; two threads choose a legal move within the main
    // thread's node budget.
    let g = Game::new("classic-3").unwrap();
    let mut ex = Player::with_budget("expert", 7, Budget { nodes: 3000, ..Budget::default() }).unwrap();
    assert_eq!(ex.threads(), 1);
    ex.set_threads(2).unwrap();
    for bad in [0, MAX_SEARCH_THREADS + 1] {
        let e = ex.set_threads(bad).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Range);
        assert_eq!(e.message(), format!("threads must be in 1..=16, got {bad}"));
    }
    assert_eq!(ex.threads(), 2);
    let mut twin = ex.clone();
    assert_eq!(twin.threads(), 2);
    twin.set_threads(MAX_SEARCH_THREADS).unwrap();
    assert_eq!((ex.threads(), twin.threads()), (2, 16));
    let m = ex.choose(&g).unwrap();
    assert!(g.legal_moves().contains(&m));
    let st = ex.last_stats();
    assert!(st.nodes > 0 && st.nodes <= 3000, "{st:?}");
}

#[test]
fn a_custom_tables_record_replays_alone() {
    let mut r = Rules::new("classic-2").unwrap();
    r.set_options("id=free-2;zones=free;goal-lock=no").unwrap();
    let mut g = Game::new(&r).unwrap();
    for m in ["k3-k5", "e14-e13", "m3-k3"] {
        g.apply(m).unwrap();
    }
    let rec = g.record();
    assert_eq!(rec.lines().next(), Some("[rules classic-2;id=free-2;zones=free;goal-lock=no]"));
    let back = Game::from_record(&rec).unwrap();
    assert_eq!(back.rules().describe(), r.describe());
    assert_eq!(back.position().to_string(), g.position().to_string());
    assert_eq!(back.record(), rec);
}

#[test]
fn options_without_an_id_get_the_derived_one() {
    let mut r = Rules::new("classic-2").unwrap();
    r.set_options("zones=free;deadline=none").unwrap();
    assert_eq!(r.validate().unwrap_err().kind(), ErrorKind::Option);
    r.derive_id();
    let id = r.id();
    assert!(id.starts_with("classic-2+") && id.len() == "classic-2+".len() + 8, "{id}");
    r.validate().unwrap();
    let mut same = Rules::new("classic-2").unwrap();
    same.set_options("deadline=none;zones=free").unwrap();
    same.derive_id();
    assert_eq!(same.id(), id);
}
