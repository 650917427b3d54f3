//! VecEnv and the RL free functions: the env against the library's own
//! positions, all-or-nothing steps, auto-reset, clones, and every argument
//! refused in Rust before it reaches C.
use std::collections::BTreeSet;
use sternhalma::*;
use sternhalma_sys as ffi;

fn new_env(preset: &str, options: &EnvOptions, n: usize) -> VecEnv {
    VecEnv::new(&Rules::new(preset).unwrap(), options, n).unwrap()
}

/// The actions set in game i's mask row.
fn masked(v: &VecEnv, i: usize) -> Vec<i32> {
    let row = &v.mask()[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS];
    assert!(row.iter().all(|&b| b <= 1));
    (0..NUM_ACTIONS as i32).filter(|&a| row[a as usize] == 1).collect()
}

/// Game i's part of the observation buffer.
fn obs_of(v: &VecEnv, i: usize) -> Obs {
    let k = v.spec().obs_values;
    match v.obs() {
        Obs::F32(x) => Obs::F32(x[i * k..(i + 1) * k].to_vec()),
        Obs::U8(x) => Obs::U8(x[i * k..(i + 1) * k].to_vec()),
    }
}

fn sample(v: &mut VecEnv) -> Vec<i32> {
    let mut a = vec![0; v.num_envs()];
    v.sample_legal(&mut a).unwrap();
    a
}

/// k steps of sampled legal actions.
fn random_steps(v: &mut VecEnv, k: usize) {
    for _ in 0..k {
        let a = sample(v);
        v.step(&a).unwrap();
    }
}

/// Every game: the mask and legal_actions are the legal moves of position(i),
/// to_play is its seat to move, and the buffer's observation is observe(i, to_play).
fn check_against_positions(v: &VecEnv) {
    for i in 0..v.num_envs() {
        let st = v.status(i).unwrap();
        if st.terminated || st.truncated {
            assert!(masked(v, i).is_empty() && v.legal_actions(i).unwrap().is_empty());
            continue;
        }
        let p = v.position(i).unwrap();
        let mut want: Vec<i32> = p.legal_moves().into_iter().map(|m| action_of(m).unwrap()).collect();
        want.sort();
        assert!(!want.is_empty());
        assert_eq!(masked(v, i), want, "game {i}: {p}");
        assert_eq!(v.legal_actions(i).unwrap(), want);
        let tp = v.to_play()[i] as usize;
        assert_eq!(st.to_play, Some(tp));
        assert_eq!(v.spec().seats[tp], p.to_move());
        assert_eq!(obs_of(v, i), v.observe(i, tp).unwrap(), "game {i}: the in-place update");
    }
}

#[test]
fn masks_are_the_positions_legal_moves() {
    for preset in ["classic-2", "table-3"] {
        let mut v = new_env(preset, &EnvOptions::default(), 3);
        v.reset(11).unwrap();
        check_against_positions(&v);
        for _ in 0..25 {
            random_steps(&mut v, 1);
            check_against_positions(&v);
        }
        assert!((0..3).all(|i| v.status(i).unwrap().turns >= 25), "{preset}: the steps were played");
    }
}

#[derive(Debug, PartialEq)]
struct Snapshot {
    obs: Obs,
    mask: Vec<u8>,
    rewards: Vec<f32>,
    flags: (Vec<u8>, Vec<u8>, Vec<i32>),
    games: Vec<(String, String, EnvStatus)>,
}

fn snapshot(v: &VecEnv) -> Snapshot {
    Snapshot {
        obs: v.obs().clone(),
        mask: v.mask().to_vec(),
        rewards: v.rewards().to_vec(),
        flags: (v.terminated().to_vec(), v.truncated().to_vec(), v.to_play().to_vec()),
        games: (0..v.num_envs())
            .map(|i| (v.record(i).unwrap(), v.position(i).unwrap().to_string(), v.status(i).unwrap()))
            .collect(),
    }
}

#[test]
fn a_refused_step_changes_nothing() {
    let mut v = new_env("classic-2", &EnvOptions::default(), 3);
    v.reset(5).unwrap();
    random_steps(&mut v, 4);
    let good = sample(&mut v);
    let illegal = (0..NUM_ACTIONS as i32).find(|a| !masked(&v, 1).contains(a)).unwrap();
    let before = snapshot(&v);
    assert!(before.games[0].0.split_whitespace().count() > 4, "records hold the moves: {:?}", before.games[0].0);
    let mut bad = good.clone();
    bad[1] = illegal;
    let e = v.step(&bad).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Move, "{e}");
    assert!(e.message().contains("game 1"), "{e}");
    assert_eq!(snapshot(&v), before);
    // -1 is NO_ACTION, for a game that has ended: the library refuses it for one still playing.
    bad[1] = NO_ACTION;
    assert_eq!(v.step(&bad).unwrap_err().kind(), ErrorKind::Range);
    assert_eq!(snapshot(&v), before);
    for (k, wrong) in [(2, NUM_ACTIONS as i32), (0, -2), (1, i32::MAX), (2, i32::MIN)] {
        let mut bad = good.clone();
        bad[k] = wrong;
        let e = v.step(&bad).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Range);
        assert_eq!(e.message(), format!("actions[{k}] must be in -1..=14640, got {wrong}"));
        assert_eq!(snapshot(&v), before);
    }
    v.step(&good).unwrap();
    assert_ne!(snapshot(&v), before);
}

#[test]
fn an_ended_game_restarts_at_the_next_step() {
    let opts = EnvOptions { max_turns: 3, ..EnvOptions::default() };
    let mut v = new_env("classic-2", &opts, 2);
    v.reset(1).unwrap();
    let start = snapshot(&v);
    random_steps(&mut v, 3);
    assert_eq!(v.truncated(), &[1, 1]);
    assert_eq!(v.terminated(), &[0, 0]);
    assert!(v.rewards().iter().all(|&r| r == 0.0));
    for i in 0..2 {
        let st = v.status(i).unwrap();
        assert_eq!((st.to_play, st.turns, st.truncated), (None, 3, true));
        assert!(masked(&v, i).is_empty());
        assert_eq!(v.engine_action(i, "easy", 1).unwrap(), None);
    }
    assert_eq!(sample(&mut v), vec![NO_ACTION; 2]);
    // Any action in range is ignored for an ended game.
    v.step(&[NO_ACTION, 7]).unwrap();
    assert_eq!(v.truncated(), &[0, 0]);
    let again = snapshot(&v);
    assert_eq!((again.obs, again.mask, again.games), (start.obs, start.mask, start.games));
    check_against_positions(&v);

    // Without auto_reset a step on an ended game is refused.
    let opts = EnvOptions { max_turns: 1, auto_reset: false, ..EnvOptions::default() };
    let mut w = new_env("classic-2", &opts, 1);
    assert_eq!(w.step(&[0]).unwrap_err().kind(), ErrorKind::State, "no reset yet");
    w.reset(2).unwrap();
    random_steps(&mut w, 1);
    let before = snapshot(&w);
    assert_eq!(w.step(&[NO_ACTION]).unwrap_err().kind(), ErrorKind::State);
    assert_eq!(snapshot(&w), before);
}

#[test]
fn a_game_ended_by_its_rules_pays_its_returns() {
    // Random classic-2 games end by the exit deadline (about turn 59).
    let mut v = new_env("classic-2", &EnvOptions::default(), 1);
    v.reset(3).unwrap();
    for _ in 0..400 {
        random_steps(&mut v, 1);
        if v.terminated()[0] == 1 {
            let r = v.rewards().to_vec();
            assert_eq!(r, v.returns(0).unwrap());
            assert_eq!(r.iter().sum::<f32>(), 0.0, "rank rewards are zero-sum: {r:?}");
            assert!(r.iter().all(|x| (-1.0..=1.0).contains(x)) && r.iter().any(|&x| x != 0.0), "{r:?}");
            assert!(v.status(0).unwrap().terminated);
            return;
        }
        assert!(v.rewards().iter().all(|&x| x == 0.0));
    }
    panic!("no random classic-2 game ended in 400 turns");
}

#[test]
fn a_clone_is_independent() {
    let mut a = new_env("table-3", &EnvOptions::default(), 2);
    a.reset(9).unwrap();
    random_steps(&mut a, 3);
    let mut b = a.clone();
    let at_clone = snapshot(&a);
    assert_eq!(snapshot(&b), at_clone);
    assert_eq!(snapshot(&a.try_clone().unwrap()), at_clone, "try_clone copies as clone does");
    let mut played = Vec::new();
    for _ in 0..3 {
        let s = sample(&mut a);
        a.step(&s).unwrap();
        played.push(s);
    }
    assert_eq!(snapshot(&b), at_clone, "stepping the original leaves the clone");
    assert_ne!(snapshot(&a), at_clone);
    // The clone's samplers are copies: it draws and plays the same.
    for s in &played {
        assert_eq!(&sample(&mut b), s);
        b.step(s).unwrap();
    }
    assert_eq!(snapshot(&b), snapshot(&a));
    check_against_positions(&b);
    drop(a);
    random_steps(&mut b, 1);
}

#[test]
fn arguments_are_refused_in_rust_with_their_range() {
    let r = Rules::new("classic-2").unwrap();
    let d = EnvOptions::default();
    for (n, shown) in [(0, "0"), (VecEnv::MAX_ENVS + 1, "1048577"), (usize::MAX, &usize::MAX.to_string()[..])] {
        let e = VecEnv::new(&r, &d, n).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Range);
        assert_eq!(e.message(), format!("num_envs must be in 1..=1048576, got {shown}"));
    }
    let e = VecEnv::new(&r, &EnvOptions { max_turns: u32::MAX, ..d.clone() }, 1).unwrap_err();
    assert_eq!((e.kind(), e.message()), (ErrorKind::Range, "max_turns must be in 0..=2147483647, got 4294967295"));

    let mut v = VecEnv::new(&r, &d, 2).unwrap();
    v.reset(0).unwrap();
    let before = snapshot(&v);
    let range = |e: Error, want: &str| {
        assert_eq!(e.kind(), ErrorKind::Range, "{e}");
        assert_eq!(e.message(), want);
    };
    range(v.step(&[0]).unwrap_err(), "actions must hold num_envs = 2 entries, got 1");
    range(v.step(&[0, 0, 0]).unwrap_err(), "actions must hold num_envs = 2 entries, got 3");
    range(v.sample_legal(&mut [0; 3]).unwrap_err(), "actions must hold num_envs = 2 entries, got 3");
    for i in [2, usize::MAX] {
        let want = format!("i must be in 0..=1, got {i}");
        range(v.legal_actions(i).unwrap_err(), &want);
        range(v.status(i).unwrap_err(), &want);
        range(v.observe(i, 0).unwrap_err(), &want);
        range(v.returns(i).unwrap_err(), &want);
        range(v.engine_action(i, "easy", 0).unwrap_err(), &want);
        range(v.playouts(i, 1, 0.5, 10, 0).unwrap_err(), &want);
        range(v.position(i).unwrap_err(), &want);
        range(v.record(i).unwrap_err(), &want);
    }
    range(v.observe(0, 2).unwrap_err(), "player must be in 0..=1, got 2");
    range(v.observe(0, usize::MAX).unwrap_err(), &format!("player must be in 0..=1, got {}", usize::MAX));
    for (eps, shown) in [(f64::NAN, "NaN"), (-0.1, "-0.1"), (1.5, "1.5"), (f64::INFINITY, "inf")] {
        range(v.playouts(0, 1, eps, 10, 0).unwrap_err(), &format!("epsilon must be in 0..=1, got {shown}"));
    }
    range(v.playouts(0, MAX_PLAYOUTS + 1, 1.0, 10, 0).unwrap_err(), "n must be in 0..=1000000, got 1000001");
    range(v.playouts(0, 1, 1.0, VecEnv::MAX_PLAYOUT_TURNS + 1, 0).unwrap_err(), "max_turns must be in 0..=100000, got 100001");
    range(v.playouts(0, 1, 1.0, u32::MAX, 0).unwrap_err(), "max_turns must be in 0..=100000, got 4294967295");
    assert_eq!(snapshot(&v), before);

    // What only the library can know: the turns of all playouts (each plays at least one).
    let e = v.playouts(0, MAX_PLAYOUTS, 1.0, VecEnv::MAX_PLAYOUT_TURNS, 0).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit, "{e}");
    // A seed is any u64 (game i's sampler is seed + i, wrapping).
    v.reset(u64::MAX).unwrap();
    let mut w = VecEnv::new(&r, &d, 2).unwrap();
    w.reset(u64::MAX).unwrap();
    assert_eq!(sample(&mut v), sample(&mut w));
    assert_eq!(move_of(-1).unwrap_err().message(), "action must be in 0..=14640, got -1");
    assert_eq!(move_of(NUM_ACTIONS as i32).unwrap_err().kind(), ErrorKind::Range);
    let e = action_of(Move::new(0, 121)).unwrap_err();
    assert_eq!((e.kind(), e.message()), (ErrorKind::Cell, "action_of: to 121 is not a cell (0..=120)"));
    assert_eq!(action_of(Move::new(-1, 0)).unwrap_err().kind(), ErrorKind::Cell);
}

#[test]
fn options_the_library_refuses() {
    let r = Rules::new("classic-2").unwrap();
    let with = |p: usize, level: &str| {
        let mut o = EnvOptions::default();
        o.opponents[p] = Some(level.to_string());
        VecEnv::new(&r, &o, 1)
    };
    assert_eq!(with(1, "grandmaster").unwrap_err().kind(), ErrorKind::Option);
    assert_eq!(with(2, "easy").unwrap_err().kind(), ErrorKind::Option, "classic-2 has no player 2");
    assert_eq!(with(1, "ea\0sy").unwrap_err().kind(), ErrorKind::Text);
    let all = EnvOptions { opponents: [0, 1, 2, 3, 4, 5].map(|p| (p < 2).then(|| "easy".to_string())), ..EnvOptions::default() };
    assert_eq!(VecEnv::new(&r, &all, 1).unwrap_err().kind(), ErrorKind::Option, "no player left to the caller");
    let v = new_env("classic-2", &EnvOptions::default(), 1);
    assert_eq!(v.engine_action(0, "grandmaster", 0).unwrap_err().kind(), ErrorKind::Option);
    assert_eq!(v.engine_action(0, "ea\0sy", 0).unwrap_err().kind(), ErrorKind::Text);
}

#[test]
fn default_options_are_the_c_defaults() {
    let mut o = std::mem::MaybeUninit::<ffi::sh_env_options>::zeroed();
    let size = std::mem::size_of::<ffi::sh_env_options>();
    assert_eq!(unsafe { ffi::sh_env_options_init(o.as_mut_ptr(), size) }, ffi::SH_OK);
    let o = unsafe { o.assume_init() };
    assert_eq!(o.size, std::mem::size_of::<ffi::sh_env_options>(), "the struct as C compiled it");
    let d = EnvOptions::default();
    assert_eq!((d.layout as i32, d.dtype as i32, d.reward as i32), (o.layout, o.dtype, o.reward));
    assert_eq!((d.max_turns as i32, d.auto_reset as i32, d.record as i32), (o.max_turns, o.auto_reset, o.record));
    assert!(o.opponents.iter().all(|p| p.is_null()) && d.opponents.iter().all(Option::is_none));
}

/// Cells of `seat`'s marbles as `observer` sees them (turned: the observer's home at the bottom).
fn seen(p: &Position, seat: Seat, observer: Seat) -> BTreeSet<Cell> {
    p.pieces(seat).unwrap().into_iter().map(|c| rotate(c, -observer).unwrap()).collect()
}

fn ones(plane: &[f32]) -> BTreeSet<Cell> { (0..plane.len() as Cell).filter(|&c| plane[c as usize] == 1.0).collect() }

#[test]
fn observations_on_the_start_of_classic_2() {
    let r = Rules::new("classic-2").unwrap();
    let mut v = VecEnv::new(&r, &EnvOptions::default(), 1).unwrap();
    v.reset(0).unwrap();
    let s = v.spec().clone();
    assert_eq!((s.num_envs, s.num_players, s.planes, s.height, s.width), (1, 2, NUM_PLANES, 1, NUM_CELLS));
    assert_eq!((s.obs_values, s.obs_bytes, s.num_actions), (NUM_PLANES * NUM_CELLS, NUM_PLANES * NUM_CELLS * 4, NUM_ACTIONS));
    assert_eq!(s.seats.iter().copied().collect::<BTreeSet<_>>(), r.seats().into_iter().collect());
    let p = v.position(0).unwrap();
    assert_eq!(s.seats[0], p.to_move());
    let home: BTreeSet<Cell> = camp_cells(0, 10).unwrap().into_iter().collect();
    for player in 0..2 {
        let (me, other) = (s.seats[player], s.seats[1 - player]);
        let o = v.observe(0, player).unwrap();
        let x = o.as_f32().unwrap();
        assert_eq!(o.as_u8().unwrap_err().kind(), ErrorKind::Option);
        let plane = |k: usize| &x[k * NUM_CELLS..(k + 1) * NUM_CELLS];
        assert_eq!(ones(plane(0)).len(), 10, "own marbles");
        assert_eq!(ones(plane(0)), seen(&p, me, me));
        assert_eq!(ones(plane(0)), home, "the observer's home is at the bottom");
        assert_eq!(ones(plane(1)), seen(&p, other, me));
        for k in [2, 3, 4, 5, 6] {
            assert!(plane(k).iter().all(|&y| y == 0.0), "plane {k}: no seat, no king");
        }
        for k in 0..9 {
            assert!(plane(k).iter().all(|&y| y == 0.0 || y == 1.0), "plane {k} is 0/1");
        }
        for k in 9..12 {
            assert!(plane(k).iter().all(|&y| y == plane(k)[0] && (0.0..=1.0).contains(&y)), "plane {k} is a scalar");
        }
    }
    assert_eq!(obs_of(&v, 0), v.observe(0, 0).unwrap());

    // Grid: the same marbles at [plane][r + 8][q + 8]; u8: the same ones.
    let grid = EnvOptions { layout: ObsLayout::Grid, dtype: ObsType::Uint8, ..EnvOptions::default() };
    let mut g = VecEnv::new(&r, &grid, 1).unwrap();
    g.reset(0).unwrap();
    assert_eq!((g.spec().height, g.spec().width, g.spec().obs_bytes), (17, 17, NUM_PLANES * 289));
    let x = g.obs().as_u8().unwrap();
    assert!(g.obs().as_f32().is_err());
    let at: BTreeSet<Cell> = (0..NUM_CELLS as Cell)
        .filter(|&c| {
            let (q, rr) = axial(c).unwrap();
            x[((rr + 8) * 17 + q + 8) as usize] == 1
        })
        .collect();
    assert_eq!(at, home);
    assert_eq!(x[..289].iter().filter(|&&b| b == 1).count(), 10);
    assert!(x[..289].iter().all(|&b| b <= 1));
}

#[test]
fn engine_opponents_move_by_themselves() {
    let mut o = EnvOptions::default();
    o.opponents[1] = Some("easy".into());
    let mut v = new_env("classic-2", &o, 2);
    v.reset(4).unwrap();
    assert_eq!(v.to_play(), &[0, 0]);
    random_steps(&mut v, 1);
    for i in 0..2 {
        assert_eq!(v.status(i).unwrap().turns, 2, "the engine replied");
        assert_eq!(v.status(i).unwrap().to_play, Some(0));
    }
    check_against_positions(&v);
}

#[test]
fn engine_actions_playouts_records_and_symmetries() {
    let mut v = new_env("classic-2", &EnvOptions::default(), 2);
    v.reset(8).unwrap();
    let a = v.engine_action(1, "normal", 3).unwrap().unwrap();
    assert!(v.legal_actions(1).unwrap().contains(&a));
    assert_eq!(v.engine_action(1, "normal", 3).unwrap(), Some(a), "deterministic for a seed");
    let before = snapshot(&v);
    let p = v.playouts(0, 4, 0.5, 20, 7).unwrap();
    assert_eq!(p.len(), 2);
    assert!(p.iter().all(|x| (-1.0..=1.0).contains(x)), "{p:?}");
    assert_eq!(v.playouts(0, 4, 0.5, 20, 7).unwrap(), p);
    assert_eq!(v.playouts(0, 0, 0.0, 0, 0).unwrap().len(), 2);
    assert_eq!(snapshot(&v), before, "playouts leave the game");
    assert_eq!(v.returns(0).unwrap(), vec![0.0, 0.0]);
    let mut acts = sample(&mut v);
    acts[1] = a;
    v.step(&acts).unwrap();
    let m = move_of(a).unwrap();
    let rec = v.record(1).unwrap();
    assert!(rec.starts_with("classic-2") && rec.contains(&m.to_string()), "{rec}");
    let mut quiet = new_env("classic-2", &EnvOptions { record: false, ..EnvOptions::default() }, 1);
    quiet.reset(8).unwrap();
    let empty = quiet.record(0).unwrap();
    random_steps(&mut quiet, 1);
    assert_eq!(quiet.status(0).unwrap().turns, 1);
    assert_eq!(quiet.record(0).unwrap(), empty, "no moves kept");

    // Every legal move round-trips; the reflection keeps the start's moves.
    let start = Position::parse("classic-2").unwrap();
    let acts: BTreeSet<i32> = start.legal_moves().into_iter().map(|m| action_of(m).unwrap()).collect();
    for &a in &acts {
        assert_eq!(action_of(move_of(a).unwrap()).unwrap(), a);
    }
    let syms = table_symmetries(&Rules::new("classic-2").unwrap()).unwrap();
    assert_eq!(syms.len(), 4, "docs/guides/rl.md: classic-2 has 4");
    assert_eq!(syms[0], Symmetry::default(), "the identity first");
    let mirror = Symmetry { rotation: 0, reflect: true };
    assert!(syms.contains(&mirror));
    let mirrored: BTreeSet<i32> = acts.iter().map(|&a| apply_symmetry_action(mirror, a).unwrap()).collect();
    assert_eq!(mirrored, acts);
    assert_eq!(apply_symmetry_action(mirror, -1).unwrap_err().kind(), ErrorKind::Range);
    for (preset, n) in [("classic-3", 3), ("pairs-2x2", 2), ("table-5", 1)] {
        assert_eq!(table_symmetries(&Rules::new(preset).unwrap()).unwrap().len(), n, "docs/guides/rl.md: {preset}");
    }
}

#[test]
fn an_env_moves_between_threads() {
    fn send<T: Send>(_: &T) {}
    let mut v = new_env("classic-2", &EnvOptions::default(), 2);
    send(&v);
    v.reset(1).unwrap();
    let v = std::thread::spawn(move || {
        let mut a = vec![0; 2];
        v.clone().sample_legal(&mut a).unwrap();
        (v, a)
    })
    .join()
    .unwrap();
    let (mut v, a) = v;
    v.step(&a).unwrap();
}

/// Game i's legal-action list as the step wrote it, sorted, and its padding.
fn listed(v: &VecEnv, i: usize) -> Vec<i32> {
    let (actions, counts) = v.all_legal_actions();
    let row = &actions[i * MAX_MOVES..(i + 1) * MAX_MOVES];
    let n = counts[i] as usize;
    assert!(row[n..].iter().all(|&a| a == NO_ACTION), "game {i}: padding past {n} is -1");
    let mut l = row[..n].to_vec();
    l.sort();
    l
}

#[test]
fn legal_action_lists_are_the_mask_on_every_preset() {
    for id in presets() {
        let mut v = new_env(&id, &EnvOptions { record: false, ..EnvOptions::default() }, 3);
        v.reset(5).unwrap();
        for step in 0..40 {
            for i in 0..3 {
                assert_eq!(listed(&v, i), masked(&v, i), "{id} step {step} game {i}");
                assert_eq!(listed(&v, i), v.legal_actions(i).unwrap(), "{id} step {step} game {i}");
            }
            let a = sample(&mut v);
            v.step(&a).unwrap();
        }
    }
}

#[test]
fn the_observer_frame_turns_masks_lists_and_actions() {
    // Two envs of the same games, one in each frame: the observer's mask and
    // list are the board's turned by -seat, and the same move is taken as the
    // turned action.
    let board = EnvOptions { record: false, ..EnvOptions::default() };
    let seen = EnvOptions { action_frame: ActionFrame::Observer, ..board.clone() };
    for id in ["classic-3", "table-6", "pairs-2x2"] {
        let (mut b, mut o) = (new_env(id, &board, 2), new_env(id, &seen, 2));
        b.reset(9).unwrap();
        o.reset(9).unwrap();
        let seats = b.spec().seats.clone();
        let mut turned_any = false;
        for step in 0..30 {
            let plain = sample(&mut b);
            let mut turned = plain.clone();
            for i in 0..2 {
                let seat = seats[b.to_play()[i] as usize];
                let turn = Symmetry { rotation: (6 - seat) % 6, reflect: false };
                let mut want: Vec<i32> = masked(&b, i).iter().map(|&a| apply_symmetry_action(turn, a).unwrap()).collect();
                want.sort();
                assert_eq!(masked(&o, i), want, "{id} step {step} game {i}");
                assert_eq!(listed(&o, i), want, "{id} step {step} game {i}");
                assert_eq!(o.legal_actions(i).unwrap(), want, "{id} step {step} game {i}");
                turned_any |= seat != 0 && !want.is_empty();
                if plain[i] != NO_ACTION {
                    turned[i] = apply_symmetry_action(turn, plain[i]).unwrap();
                }
            }
            // The same seeded draw, given in each env's frame.
            assert_eq!(sample(&mut o), turned, "{id} step {step}");
            b.step(&plain).unwrap();
            o.step(&turned).unwrap();
            assert_eq!(b.obs(), o.obs(), "{id} step {step}: the same games");
        }
        assert!(turned_any);
    }
    // An action in the wrong frame is refused, naming the board action too.
    let mut o = new_env("classic-2", &seen, 1);
    o.reset(1).unwrap();
    o.step(&[action_of("k3-k5".parse().unwrap()).unwrap()]).unwrap(); // W (seat 0) sees the board as it is
    // K's board move e14-e13, given as if in K's frame, turns back onto W's camp.
    let e = o.step(&[action_of("e14-e13".parse().unwrap()).unwrap()]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Move);
    assert!(e.message().contains("observer's frame"), "{e}");
}
