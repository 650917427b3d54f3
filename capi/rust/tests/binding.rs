use sternhalma::*;

#[test]
fn perft_classic_2() {
    let p = Position::parse("classic-2").unwrap();
    assert_eq!(p.perft(1).unwrap(), 14);
    assert_eq!(p.perft(3).unwrap(), 4648);
    assert_eq!(p.perft(4).unwrap(), 110224);
}

#[test]
fn errors_carry_the_message() {
    let e = Position::parse("nowhere-7").unwrap_err();
    assert_eq!(e.name, "SH_ERR_PRESET");
    assert!(e.message.contains("nowhere-7"), "{e}");
    let mut p = Position::parse("classic-2").unwrap();
    let before = p.text().unwrap();
    let e = p.play(Move { from: 0, to: 60 }).unwrap_err();
    assert_eq!(e.name, "SH_ERR_MOVE");
    assert_eq!(p.text().unwrap(), before);
    assert_eq!(cell("z9").unwrap_err().name, "SH_ERR_CELL");
    assert!(Rules::preset("x").is_err());
}

#[test]
fn moves_and_notation() {
    let mut p = Position::parse("classic-2").unwrap();
    let moves = p.legal_moves().unwrap();
    assert_eq!(moves.len(), 14);
    let m = p.parse_move("k3-i5").unwrap();
    assert_eq!(p.format_move(m).unwrap(), "k3-i5");
    assert_eq!(p.canonical_path(m).unwrap(), vec![cell("k3").unwrap(), cell("i5").unwrap()]);
    p.play(m).unwrap();
    assert_eq!(p.to_move().unwrap(), 3);
    assert!(p.render().unwrap().contains("K to move"));
    let r = Rules::preset("classic-2").unwrap();
    let mut packed = Vec::new();
    packed.extend_from_slice(&Position::parse("classic-2").unwrap().pack().unwrap());
    packed.extend_from_slice(&p.pack().unwrap());
    assert_eq!(r.count_moves_batch(&packed).unwrap(), vec![14, p.count_moves().unwrap() as u32]);
}

#[test]
fn options() {
    let mut r = Rules::preset("classic-2").unwrap();
    assert_eq!(r.get("zones").unwrap(), "closed");
    r.set("zones", "free").unwrap();
    assert_eq!(r.get("zones").unwrap(), "free");
    assert_eq!(r.set("zones", "nope").unwrap_err().name, "SH_ERR_OPTION");
    assert!(r.options().unwrap().iter().any(|(k, v)| k == "zones" && v == "free"));
    assert!(presets().contains(&"japanese-2".to_string()));
}

#[test]
fn full_game() {
    let rules = Rules::preset("classic-2").unwrap();
    let mut game = Game::new(&rules, None).unwrap();
    let mut white = Player::new("normal", 1).unwrap();
    let mut black = Player::new("hard", 2).unwrap();
    while let Some(seat) = game.to_move().unwrap() {
        let m = if seat == 0 { white.choose(&game) } else { black.choose(&game) }.unwrap();
        game.apply(m, 0).unwrap();
        assert!(game.turns().unwrap() < 1000);
    }
    assert!(game.is_over().unwrap());
    let places = game.places().unwrap();
    assert!(places[0] >= 1 && places[3] >= 1);
    let events = game.events(0).unwrap();
    assert!(events.len() > 10);
    let record = game.record().unwrap();
    let replay = Game::from_record(&record).unwrap();
    assert_eq!(replay.places().unwrap(), places);
    let d = game.rating_changes(&[1500.0, 1500.0], 32.0).unwrap();
    assert_eq!(d[0], -d[1]);
    let n = game.undo(10_000).unwrap();
    assert!(n > 0);
    assert_eq!(game.turns().unwrap(), 0);
}
