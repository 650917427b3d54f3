//! Match statistics from Rust: the figures worked out by hand (W/D/L 60/20/20 is a
//! score of 0.7 with standard error sqrt(0.16 / 100) = 0.04), games out of order,
//! teams, and every bad argument refused with its kind.
use sternhalma::*;

const Z95: f64 = 1.959963984540054;

fn elo(s: f64) -> f64 { 400.0 * (s / (1.0 - s)).log10() }
fn close(a: f64, b: f64) -> bool { (a - b).abs() < 1e-9 }

#[test]
fn elo_from_counts() {
    let e = elo_from_wdl(60, 20, 20).unwrap();
    assert!(close(e.value, elo(0.7)), "{e:?}");
    assert!(close(e.low, elo(0.7 - Z95 * 0.04)) && close(e.high, elo(0.7 + Z95 * 0.04)), "{e:?}");
    assert_eq!(elo_from_wdl(0, 0, 0).unwrap(), Interval::default());
    assert!(close(elo_from_wdl(10, 0, 0).unwrap().value, 400.0 * 19f64.log10()));
    // 50 pairs: mean 0.61, per-pair variance 0.0704.
    let p = elo_from_pentanomial(&[2, 6, 20, 12, 10]).unwrap();
    assert!(close(p.value, elo(0.61)) && close(p.low, elo(0.61 - Z95 * (0.0704f64 / 50.0).sqrt())), "{p:?}");
    assert_eq!(elo_from_wdl(MAX_STATS_COUNT + 1, 0, 0).unwrap_err().kind(), ErrorKind::Range);
    let sum = elo_from_wdl(MAX_STATS_COUNT, 1, 0).unwrap_err();
    assert!(sum.kind() == ErrorKind::Range && sum.message().contains("add up to"), "{sum}");
    assert!(elo_from_pentanomial(&[0, 0, MAX_STATS_COUNT + 1, 0, 0]).unwrap_err().message().contains("counts[2]"));
}

#[test]
fn sprt_decides_both_ways() {
    let t = SprtTest::new(0.0, 10.0);
    assert_eq!((t.alpha, t.beta), (0.05, 0.05));
    let mid = sprt(&t, &[2, 6, 20, 12, 10]).unwrap();
    assert_eq!(mid.decision, SprtDecision::Continue);
    assert!(close(mid.lower, (0.05f64 / 0.95).ln()) && close(mid.upper, (0.95f64 / 0.05).ln()));
    let strong = sprt(&t, &[8, 24, 80, 48, 40]).unwrap();
    assert_eq!(strong.decision, SprtDecision::AcceptH1);
    assert!((strong.llr - 4.0 * mid.llr).abs() < 1e-6, "{strong:?} {mid:?}");
    assert_eq!(sprt(&t, &[40, 48, 80, 24, 8]).unwrap().decision, SprtDecision::AcceptH0);
    assert!(check_sprt(&t).is_ok());
    for (test, field) in [
        (SprtTest::new(10.0, 0.0), "not below elo1"),
        (SprtTest { alpha: 0.0, ..t }, "test.alpha"),
        (SprtTest { beta: 1.0, ..t }, "test.beta"),
        (SprtTest { alpha: 0.6, beta: 0.5, ..t }, "alpha + beta"),
        (SprtTest::new(0.0, 2000.0), "test.elo1"),
        (SprtTest::new(f64::NAN, 10.0), "test.elo0"),
    ] {
        let e = check_sprt(&test).unwrap_err();
        assert!(e.kind() == ErrorKind::Range && e.message().contains(field), "{e}");
        assert_eq!(sprt(&test, &[1, 1, 1, 1, 1]).unwrap_err(), e);
    }
}

#[test]
fn match_out_of_order() {
    let mut m = MatchStats::new(2).unwrap();
    assert_eq!((m.players(), m.games(), m.two_units()), (2, 0, true));
    m.add(3, &[1, 2], None).unwrap();
    m.add(0, &[1, 1], None).unwrap();
    m.add(2, &[1, 2], None).unwrap(); // pair 1 won 2-0
    assert_eq!(m.pentanomial().unwrap(), [0, 0, 0, 0, 1]);
    m.add(1, &[2, 1], None).unwrap(); // pair 0: 1/2
    assert_eq!(m.pentanomial().unwrap(), [0, 1, 0, 0, 1]);
    assert_eq!(m.wdl().unwrap(), Wdl { wins: 2, draws: 1, losses: 1 });
    assert_eq!(m.elo(), elo_from_wdl(2, 1, 1).unwrap());
    assert!(close(m.score().value, 2.5 / 4.0));
    let p1 = m.player(1).unwrap();
    assert_eq!((p1.games, p1.wins, p1.draws, p1.losses), (4, 1, 1, 2));
    assert!(close(p1.place.value, 1.5));
    assert_eq!(m.pairwise(0, 1).unwrap(), PairScore { games: 4, score: 2.5 });
    let t = SprtTest::new(0.0, 10.0);
    assert_eq!(m.sprt(&t).unwrap(), sprt(&t, &m.pentanomial().unwrap()).unwrap());
    let mut c = m.clone();
    c.add(4, &[1, 2], None).unwrap();
    assert_eq!((c.games(), m.games()), (5, 4));
}

#[test]
fn match_players_and_teams() {
    let mut m = MatchStats::new(3).unwrap();
    m.add(0, &[1, 2, 3], None).unwrap();
    m.add(1, &[2, 1, 1], None).unwrap();
    assert!(!m.two_units());
    assert_eq!(m.wdl().unwrap_err().kind(), ErrorKind::State);
    assert_eq!(m.sprt(&SprtTest::new(0.0, 10.0)).unwrap_err().kind(), ErrorKind::State);
    let p2 = m.player(2).unwrap();
    assert_eq!((p2.wins, p2.draws, p2.losses), (0, 1, 1));
    assert_eq!(m.pairwise(1, 2).unwrap(), PairScore { games: 2, score: 1.5 });
    let mut t = MatchStats::new(4).unwrap();
    t.add(0, &[1, 2, 1, 2], Some(&[0, 1, 0, 1])).unwrap();
    t.add(1, &[1, 1, 1, 1], Some(&[0, 1, 0, 1])).unwrap();
    assert_eq!(t.pairwise(0, 2).unwrap().games, 0); // partners
    assert_eq!(t.wdl().unwrap(), Wdl { wins: 1, draws: 1, losses: 0 });
    assert_eq!(t.pentanomial().unwrap(), [0, 0, 0, 1, 0]);
}

#[test]
fn bad_adds_change_nothing() {
    let mut m = MatchStats::new(4).unwrap();
    m.add(5, &[1, 2, 1, 2], Some(&[0, 1, 0, 1])).unwrap();
    let teams = [0, 1, 0, 1];
    let bad: Vec<(u64, Vec<i32>, Option<&[i32]>, ErrorKind, &str)> = vec![
        (MAX_MATCH_GAMES, vec![1, 2, 3, 4], None, ErrorKind::Range, "game_index"),
        (0, vec![1, 2, 3], None, ErrorKind::Range, "places has 3 entries for 4 players"),
        (0, vec![1, 2, 0, 4], None, ErrorKind::Range, "places[2]"),
        (0, vec![1, 2, 1, 2], Some(&[0, 1, 0, 4]), ErrorKind::Range, "teams[3]"),
        (0, vec![1, 2, 1, 2], Some(&[0, 1]), ErrorKind::Range, "teams has 2 entries"),
        (0, vec![1, 2, 2, 1], Some(&teams), ErrorKind::Range, "partners share a place"),
        (0, vec![1, 1, 1, 1], Some(&[3, 3, 3, 3]), ErrorKind::Range, "at least two teams"),
        (5, vec![1, 2, 3, 4], None, ErrorKind::State, "game 5 was added before"),
    ];
    for (i, places, t, kind, what) in bad {
        let e = m.add(i, &places, t).unwrap_err();
        assert!(e.kind() == kind && e.message().contains(what), "{e} (want {what})");
    }
    assert_eq!((m.games(), m.two_units()), (1, true));
    assert_eq!(m.wdl().unwrap(), Wdl { wins: 1, draws: 0, losses: 0 });
    for players in [0, 1, 7] {
        assert_eq!(MatchStats::new(players).err().unwrap().kind(), ErrorKind::Range);
    }
    assert_eq!(m.player(4).unwrap_err().kind(), ErrorKind::Range);
    assert_eq!(m.pairwise(0, 9).unwrap_err().kind(), ErrorKind::Range);
}
