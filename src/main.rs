use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = muggins::sim::Cli::parse();
    if let Some(command) = cli.command {
        return muggins::sim::run(command);
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
