//! Every row of the table of names (docs/guides/names.md), called from Rust in table order.
use std::time::Duration;
use sternhalma::*;

#[test]
fn cells_and_geometry() {
    assert!(version().starts_with("0."));
    assert_eq!(parse_cell("z99").unwrap_err().kind(), ErrorKind::Cell);
    let k3 = parse_cell("k3").unwrap();
    assert_eq!(cell_name(k3).unwrap(), "k3");
    assert_eq!(axial(60).unwrap(), (0, 0));
    assert_eq!(cell_at(0, 0), Some(60));
    assert_eq!(cell_at(8, 8), None);
    assert!(neighbours(60).unwrap().iter().all(Option::is_some));
    assert_eq!(point_of(120).unwrap(), Some(3));
    assert_eq!(point_of(60).unwrap(), None);
    assert_eq!(xy(60).unwrap(), (0.0, 0.0));
    assert_eq!(rotate(0, 3).unwrap(), 120);
    assert_eq!(reflect(reflect(k3).unwrap()).unwrap(), k3);
    assert_eq!(cell_distance(0, 120).unwrap(), 16);
    assert_eq!(camp_cells(0, 15).unwrap().len(), 15);
    assert_eq!(tip_cell(3).unwrap(), 120);
    assert_eq!(foreign_cells(0).unwrap().len(), 40);
    assert_eq!(seat_letter(3).unwrap(), 'K');
    assert_eq!(seat_from_letter('K').unwrap(), 3);
}

#[test]
fn rules() {
    assert_eq!(presets().next().unwrap(), "classic-2");
    let mut r = Rules::new("table-3").unwrap();
    assert_eq!(r.id(), "table-3");
    assert_eq!(r.seats(), vec![0, 2, 4]);
    assert_eq!(r.seat_name(0).unwrap(), "white");
    r.set_option("zones", "free").unwrap();
    assert_eq!(r.get_option("zones").unwrap(), "free");
    r.set_options("id=table-3-closed;zones=closed;goal-lock=no").unwrap();
    r.derive_id();
    assert_eq!(r.id(), "table-3-closed");
    r.validate().unwrap();
    assert!(r.describe().contains(&("goal-lock".to_string(), "no".to_string())));
    assert_eq!(r.clone(), r);
}

#[test]
fn positions() {
    let r = Rules::new("classic-2").unwrap();
    let p = Position::start(&r).unwrap();
    assert_eq!(Position::parse(&p.to_string()).unwrap(), p);
    assert_eq!(Position::parse_with(&r, &p.to_string()).unwrap(), p);
    assert!(p.render().contains("W to move"));
    assert_eq!((p.to_move(), p.round()), (0, 0));
    assert_ne!(p.hash(), 0);
    assert_eq!(p.owner(0).unwrap(), Some(0));
    assert_eq!(p.owner(60).unwrap(), None);
    assert!(!p.is_king(0).unwrap());
    assert_eq!(p.pieces(3).unwrap().len(), 10);
    assert_eq!(Position::unpack(&r, &p.pack()).unwrap(), p);
    assert_eq!(p.legal_moves().len(), 14);
    assert_eq!(MAX_MOVES, 15 * 106);
    assert_eq!(p.count_moves(), 14);
    assert_eq!(p.destinations(parse_cell("k3").unwrap()).unwrap().len(), 2);
    assert!(p.is_legal("k3-k5").unwrap());
    assert_eq!(p.closed_cells(0).unwrap().len(), 40);
    assert_eq!(p.canonical_path("k3-i5").unwrap().len(), 2);
    assert_eq!(p.all_paths("k3-i5", 5).unwrap().0.len(), 1);
    let m = p.parse_move("k3-i5").unwrap();
    assert_eq!(p.format_move(m).unwrap(), "k3-i5");
    assert_eq!(p.perft(2).unwrap(), 196);
    assert_eq!(p.divide(2).unwrap().len(), 14);
    assert_eq!(p.perft_threads(2, 2).unwrap(), p.perft(2).unwrap());
    assert!(p.goal_distance(0).unwrap() > 0);
    assert!(p.tip_distance(0).unwrap() > 0);
    assert_eq!(p.marbles_in_goal(0).unwrap(), 0);
    assert_eq!(p.playouts(2, 10, 1).unwrap().len(), 2);
    assert_eq!(r.count_moves_batch(&p.pack()).unwrap(), vec![14]);
    assert_eq!(r.legal_moves_batch(&p.pack()).unwrap(), vec![p.legal_moves()]);
    let mut q = p.clone();
    q.play(m).unwrap();
    assert_eq!(q.to_move(), 3);
    assert_eq!(q.rules().id(), "classic-2");
}

#[test]
fn games_and_players() {
    let r = Rules::new("classic-2").unwrap();
    let mut g = Game::new("classic-2").unwrap();
    assert_eq!(Game::new(&r).unwrap().to_move(), Some(0));
    assert_eq!(Game::with_first_seat(&r, 3).unwrap().to_move(), Some(3));
    assert_eq!(Game::from_position(&Position::start(&r).unwrap()).unwrap().to_move(), Some(0));
    g.apply("k3-k5").unwrap();
    assert_eq!(Game::from_record(&g.record()).unwrap().turns(), 1);
    assert_eq!(Game::from_record_with(&r, &g.record_lines(0).unwrap()).unwrap().turns(), 1);
    assert_eq!(g.position().to_move(), 3);
    assert_eq!(g.rules().id(), "classic-2");
    assert_eq!((g.to_move(), g.marbles_of()), (Some(3), Some(3)));
    assert_eq!((g.is_over(), g.end_reason(), g.is_draw()), (false, EndReason::None, false));
    assert_eq!((g.turns(), g.round(), g.actions()), (1, 0, 1));
    assert_eq!(g.seat(0).unwrap().moves_made, 1);
    assert_eq!(g.status(0).unwrap(), SeatStatus::Playing);
    assert_eq!(g.place(0).unwrap(), 0);
    assert_eq!(g.places(), [0; 6]);
    assert_eq!(g.legal_moves().len(), 14);
    g.check("e14-e13").unwrap();
    assert_eq!(g.parse_move("e14-e13").unwrap(), "e14-e13".parse::<Move>().unwrap());
    assert!(!g.eliminates("e14-e13").unwrap());
    assert_eq!(g.puts_out("e14-e13").unwrap(), OutReason::None);
    g.apply_timed("e14-e13", Duration::ZERO).unwrap();
    assert_eq!(g.undo(1).unwrap(), 1);
    assert_eq!(g.events().next().unwrap().kind, EventKind::Move);
    assert_eq!(g.events_from(1).count(), 0);
    assert_eq!(g.event_text(0).unwrap(), "move W k3-k5");
    assert_eq!(g.playouts(2, 5, 1).unwrap().len(), 2);
    assert_eq!(rating_changes(&[1, 2], &[1500.0, 1500.0], 32.0, 0.0).unwrap()[0], 16.0);
    let mut h = Game::new("classic-2").unwrap();
    h.set_clock(Duration::from_secs(60), Duration::from_secs(1)).unwrap();
    h.resign(3).unwrap();
    assert_eq!(h.end_reason(), EndReason::Resign);
    assert_eq!(h.rating_changes(&[1500.0, 1500.0], 32.0, 0.0).unwrap(), vec![16.0, -16.0]);
    // One shape: the game's places, by seat, go straight in with ratings by seat.
    let by_seat = [1500.0, 0.0, 0.0, 1500.0, 0.0, 0.0];
    assert_eq!(h.places(), [1, 0, 0, 2, 0, 0]);
    assert_eq!(rating_changes(&h.places(), &by_seat, 32.0, 0.0).unwrap(), vec![16.0, 0.0, 0.0, -16.0, 0.0, 0.0]);
    assert_eq!(h.rating_changes(&by_seat, 32.0, 0.0).unwrap(), vec![16.0, 0.0, 0.0, -16.0, 0.0, 0.0]);
    assert!(!h.rating_changes(&[1500.0; 3], 32.0, 0.0).unwrap_err().message().is_empty());
    let mut f = Game::new("online-2").unwrap();
    f.set_clock(Duration::from_secs(1), Duration::ZERO).unwrap();
    f.flag().unwrap();
    assert_eq!(f.events().next().unwrap().kind, EventKind::Flag);
    let mut pl = Player::new("hard", 3).unwrap();
    let mut copy = pl.clone();
    assert_eq!(pl.choose(&g).unwrap(), copy.choose(&g).unwrap());
    let mut ex = Player::with_budget("expert", 3, Budget { nodes: 500, time: Duration::ZERO }).unwrap();
    ex.set_budget(Budget { nodes: 800, ..Budget::default() }).unwrap();
    assert_eq!(ex.budget().nodes, 800);
    ex.choose(&g).unwrap();
    let st = ex.last_stats();
    assert!(st.nodes > 0 && st.nodes <= 800 && st.depth >= 1);
    ex.set_threads(2).unwrap();
    assert_eq!(ex.threads(), 2);
    assert!(g.legal_moves().contains(&ex.choose(&g).unwrap()));
}

#[test]
fn match_statistics() {
    let mut m = MatchStats::new(2).unwrap();
    m.add(1, &[1, 2], None).unwrap();
    m.add(0, &[1, 1], None).unwrap();
    assert_eq!((m.players(), m.games(), m.two_units()), (2, 2, true));
    let p = m.player(0).unwrap();
    assert_eq!((p.games, p.wins, p.draws, p.losses, p.place.value), (2, 1, 1, 0, 1.0));
    assert_eq!(m.pairwise(0, 1).unwrap(), PairScore { games: 2, score: 1.5 });
    assert_eq!(m.wdl().unwrap(), Wdl { wins: 1, draws: 1, losses: 0 });
    assert_eq!(m.score().value, 0.75);
    assert_eq!(m.elo(), elo_from_wdl(1, 1, 0).unwrap());
    assert_eq!(m.pentanomial().unwrap(), [0, 0, 0, 1, 0]);
    let t = SprtTest::new(0.0, 10.0);
    assert_eq!(m.sprt(&t).unwrap().decision, SprtDecision::Continue);
    assert_eq!(elo_from_pentanomial(&[0, 0, 1, 0, 0]).unwrap(), Interval::default());
    assert!(check_sprt(&SprtTest { alpha: 0.05, beta: 0.05, ..t }).is_ok());
    assert_eq!(sprt(&t, &[0, 0, 0, 1, 0]).unwrap(), m.sprt(&t).unwrap());
}

#[test]
fn reinforcement_learning() {
    let r = Rules::new("classic-2").unwrap();
    let options = EnvOptions::default();
    let mut v = VecEnv::new(&r, &options, 2).unwrap();
    v.reset(1).unwrap();
    let mut actions = vec![0; 2];
    v.sample_legal(&mut actions).unwrap();
    v.step(&actions).unwrap();
    assert_eq!(v.status(0).unwrap().turns, 1);
    let m: Move = "k3-k5".parse().unwrap();
    assert_eq!(action_of(m).unwrap(), m.from * 121 + m.to);
    assert_eq!(move_of(action_of(m).unwrap()).unwrap(), m);
    let p = v.position(0).unwrap();
    assert_eq!(v.legal_actions(0).unwrap().len(), p.legal_moves().len());
    assert_eq!(v.observe(0, 1).unwrap().len(), NUM_PLANES * NUM_CELLS);
    assert_eq!(v.returns(0).unwrap(), vec![0.0, 0.0]);
    let a = v.engine_action(0, "easy", 1).unwrap().unwrap();
    assert!(v.legal_actions(0).unwrap().contains(&a));
    assert_eq!(v.playouts(0, 2, 1.0, 10, 1).unwrap().len(), 2);
    let s = table_symmetries(&r).unwrap();
    assert_eq!(s[0], Symmetry { rotation: 0, reflect: false });
    assert_eq!(apply_symmetry_action(s[0], a).unwrap(), a);
}

#[test]
fn enums_and_their_words() {
    assert_eq!(SeatStatus::Playing.to_string(), "playing");
    assert_eq!(EndReason::AllPlaced.to_string(), "all-placed");
    assert_eq!(OutReason::ReturnHome.to_string(), "returned-home");
    assert_eq!(EventKind::Arrival.to_string(), "arrive");
    assert_eq!(EndReason::from_raw(4), Some(EndReason::Limit));
    assert_eq!(EventKind::from_raw(8), None);
    assert_eq!(ErrorKind::Move.to_string(), "SH_ERR_MOVE");
}
