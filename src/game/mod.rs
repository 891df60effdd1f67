//! The game's logic plugins: screens, navigation, settings and each game's table scene. None of
//! it needs a window, so `tests/` run it headless with `MinimalPlugins`.

mod camera;
pub mod dominoes;
pub mod headless;
pub mod kugelbox;
pub mod live;
pub mod looks;
pub mod marbles;
mod notices;
mod room;
pub mod screen;
pub mod settings;
pub mod sound;
pub mod table;

use bevy::prelude::*;

use crate::rules::{Catalog, Game};

pub use camera::MainCamera;
pub use notices::Notices;
pub use room::TableScene;
pub use screen::{Lobby, Nav, Pause, Screen, Table};
pub use settings::{SaveSettings, SettingsPath};
pub use table::SEAT_COLOURS;

/// The presets of the three games, loaded once.
#[derive(Resource, Deref)]
pub struct Presets(pub Catalog);

/// Every logic plugin of the game.
pub fn plugin(app: &mut App) {
    let (catalog, errors) = Catalog::builtin();
    for e in errors {
        error!("{e}");
    }
    app.insert_resource(Presets(catalog));
    app.add_plugins((
        screen::plugin,
        settings::plugin,
        camera::plugin,
        looks::plugin,
        room::plugin,
        live::plugin,
        table::plugin,
        marbles::plugin,
        dominoes::plugin,
        kugelbox::plugin,
        sound::plugin,
    ));
}

/// What the game adds over a window: each game's HUD and pointer (they need egui's context, so
/// the ui's plugin comes first).
pub fn windowed(app: &mut App) {
    app.add_plugins((marbles::windowed, dominoes::windowed, kugelbox::windowed));
}

/// Run condition: a table of `game` is being played.
pub fn playing(game: Game) -> impl FnMut(Option<Res<State<Screen>>>, Res<Table>) -> bool + Clone {
    move |screen, table| screen.is_some_and(|s| *s.get() == Screen::Playing) && table.game == game
}
