//! Play a few moves of a preset and print the board:
//!   cargo run --offline --example play -- classic-2
use sternhalma::{Game, Player};

fn main() -> Result<(), sternhalma::Error> {
    let preset = std::env::args().nth(1).unwrap_or_else(|| "classic-2".into());
    let mut game = Game::new(&preset)?;
    let mut player = Player::new("normal", 1)?;
    println!("sternhalma {}, preset {preset}", sternhalma::version());
    print!("{}", game.position().render());
    for turn in 1..=6 {
        if game.is_over() {
            break;
        }
        let m = player.choose(&game)?;
        let text = game.position().format_move(m)?;
        game.apply(m)?;
        println!("move {turn}: {text}");
        print!("{}", game.position().render());
    }
    print!("{}", game.record());
    Ok(())
}
