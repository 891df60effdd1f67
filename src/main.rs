use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = muggins::sim::Cli::parse();
    #[cfg(feature = "game")]
    if let Some(muggins::sim::Command::Soak { games, seed }) = cli.command {
        return muggins::game::headless::soak_cmd(games, seed);
    }
    if let Some(command) = cli.command {
        // The running game's frame bench and the live physics' agreement live with the game.
        #[cfg(feature = "game")]
        let above: &[muggins::sim::bench::Group] = &[
            ("live", muggins::game::live::agreement::figures),
            ("frame", muggins::game::headless::frame_figures),
        ];
        #[cfg(not(feature = "game"))]
        let above: &[muggins::sim::bench::Group] = &[];
        return muggins::sim::run(command, above);
    }
    #[cfg(feature = "game")]
    {
        muggins::app::run(cli.screenshots)
    }
    #[cfg(not(feature = "game"))]
    {
        eprintln!(
            "muggins: built without the `game` feature, so there is no window; \
             the commands still work (muggins --help)"
        );
        ExitCode::from(2)
    }
}
