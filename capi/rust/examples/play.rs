//! Play a few moves of a preset and print the board:
//!   STERNHALMA_LIB_DIR=build/capi cargo run --example play -- classic-2
use sternhalma::{Game, Player, Rules};

fn main() -> Result<(), sternhalma::Error> {
    let preset = std::env::args().nth(1).unwrap_or_else(|| "classic-2".into());
    let rules = Rules::preset(&preset)?;
    let mut game = Game::new(&rules, None)?;
    let mut player = Player::new("normal", 1)?;
    println!("sternhalma {}, preset {preset}", sternhalma::version());
    print!("{}", game.position()?.render()?);
    for turn in 1..=6 {
        if game.to_move()?.is_none() {
            break;
        }
        let m = player.choose(&game)?;
        let text = game.position()?.format_move(m)?;
        game.apply(m, 0)?;
        println!("move {turn}: {text}");
        print!("{}", game.position()?.render()?);
    }
    print!("{}", game.record()?);
    Ok(())
}
