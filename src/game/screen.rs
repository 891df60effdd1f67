//! Screens as states (title → setup → playing → results), the pause state inside a game, and
//! the navigation messages that every way of moving between them goes through: the menus, the
//! keyboard and gamepads, the scripted screenshot run and the tests.

use bevy::prelude::*;

use super::Presets;
use super::notices::Notices;
use super::settings::SaveSettings;
use crate::rules::Game;
use crate::settings::Settings;
use crate::table::TableSetup;

#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    #[default]
    Title,
    Setup,
    Playing,
    Results,
}

/// Whether gameplay runs; exists only while playing.
#[derive(SubStates, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[source(Screen = Screen::Playing)]
pub enum Pause {
    #[default]
    Running,
    Paused,
}

/// Every screen outside a game (title, setup, results): they share the lobby scene.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Lobby;

impl ComputedStates for Lobby {
    type SourceStates = Screen;
    fn compute(screen: Screen) -> Option<Self> {
        (screen != Screen::Playing).then_some(Lobby)
    }
}

/// The table being set up or played.
#[derive(Resource, Deref, DerefMut, Clone, Debug, PartialEq)]
pub struct Table(pub TableSetup);

/// A request to move between screens.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Nav {
    /// Set up a table of this game (from the title; offers the last setup of that game).
    SetUp(Game),
    /// Replace the table being set up.
    Configure(TableSetup),
    /// Sit down at the table being set up.
    Start,
    TogglePause,
    Resume,
    /// Leave the game for its results.
    EndGame,
    /// One screen back: setup → title, paused game → running, results → title.
    Back,
    /// Straight to the title screen.
    Title,
    Quit,
}

/// Systems in `Update`, in order: devices become navigation requests, then the screens move.
/// A game's own systems ([`TableSet`](super::table::TableSet)) follow.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AppSet {
    RecordInput,
    Navigate,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<Pause>()
        .add_computed_state::<Lobby>()
        .add_message::<Nav>()
        .init_resource::<Notices>()
        .configure_sets(Update, (AppSet::RecordInput, AppSet::Navigate).chain())
        .add_systems(Startup, init_table)
        .add_systems(Update, navigate.in_set(AppSet::Navigate));
}

fn init_table(mut commands: Commands, presets: Res<Presets>, settings: Res<Settings>) {
    let setup = match &settings.last_setup {
        Some(last) => last.clone().or_default(&presets),
        None => TableSetup::default_for(Game::Marbles, &presets),
    };
    commands.insert_resource(Table(setup));
}

#[allow(clippy::too_many_arguments)]
fn navigate(
    mut navs: MessageReader<Nav>,
    screen: Res<State<Screen>>,
    pause: Option<Res<State<Pause>>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_pause: ResMut<NextState<Pause>>,
    mut table: ResMut<Table>,
    presets: Res<Presets>,
    mut settings: ResMut<Settings>,
    mut notices: ResMut<Notices>,
    mut save: MessageWriter<SaveSettings>,
    mut exit: MessageWriter<AppExit>,
) {
    // Several requests in one frame act in turn on the screen the previous one asked for.
    let mut current = *screen.get();
    let mut paused = pause.is_some_and(|p| *p.get() == Pause::Paused);
    for nav in navs.read() {
        let target = match (nav, current) {
            (Nav::SetUp(game), Screen::Title | Screen::Results) => {
                let last = settings.last_setup.clone().filter(|s| s.game == *game);
                table.0 = last
                    .map(|s| s.or_default(&presets))
                    .unwrap_or_else(|| TableSetup::default_for(*game, &presets));
                Some(Screen::Setup)
            }
            (Nav::Configure(setup), Screen::Setup) => {
                table.0 = setup.clone();
                None
            }
            (Nav::Start, Screen::Setup) => match table.validate(&presets) {
                Ok(()) => {
                    settings.last_setup = Some(table.0.clone());
                    save.write(SaveSettings);
                    Some(Screen::Playing)
                }
                Err(why) => {
                    notices.push(format!("Cannot start: {why}"));
                    None
                }
            },
            (Nav::TogglePause, Screen::Playing) => {
                paused = !paused;
                next_pause.set(if paused {
                    Pause::Paused
                } else {
                    Pause::Running
                });
                None
            }
            (Nav::Resume, Screen::Playing) | (Nav::Back, Screen::Playing) if paused => {
                paused = false;
                next_pause.set(Pause::Running);
                None
            }
            (Nav::Back, Screen::Playing) => {
                paused = true;
                next_pause.set(Pause::Paused);
                None
            }
            (Nav::EndGame, Screen::Playing) => Some(Screen::Results),
            (Nav::Back, Screen::Setup | Screen::Results) | (Nav::Title, _) => Some(Screen::Title),
            (Nav::Quit, _) => {
                exit.write(AppExit::Success);
                None
            }
            (nav, screen) => {
                debug!("{nav:?} means nothing on the {screen:?} screen");
                None
            }
        };
        if let Some(target) = target
            && target != current
        {
            next_screen.set(target);
            current = target;
            paused = false;
        }
    }
}
