//! The three games and their presets. Every preset is a data file under `assets/rules/<game>/`
//! (RON), compiled into the binary so the game runs from any directory; a preset that does not
//! parse or validate is reported with its file name and left out, never a panic.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::dominoes::DominoesVariant;
use super::kugelbox::KugelboxVariant;
use super::marbles::MarblesVariant;

/// One of the three tabletop games.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Game {
    /// MUGGINS! dice and marbles.
    #[default]
    Marbles,
    /// Muggins dominoes (the All Fives family).
    Dominoes,
    /// Kugelbox.
    Kugelbox,
}

impl Game {
    pub const ALL: [Game; 3] = [Game::Marbles, Game::Dominoes, Game::Kugelbox];

    /// The name players see.
    pub fn title(self) -> &'static str {
        match self {
            Game::Marbles => "MUGGINS!",
            Game::Dominoes => "Muggins dominoes",
            Game::Kugelbox => "Kugelbox",
        }
    }

    /// The folder under `assets/rules/` and the word used on the command line.
    pub fn slug(self) -> &'static str {
        match self {
            Game::Marbles => "marbles",
            Game::Dominoes => "dominoes",
            Game::Kugelbox => "kugelbox",
        }
    }

    pub fn from_slug(s: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.slug() == s)
    }

    /// One line on what the game is.
    pub fn tagline(self) -> &'static str {
        match self {
            Game::Marbles => "Roll three dice, make a number with + − × ÷, claim the ring.",
            Game::Dominoes => "Match tiles; score when the open ends add up to a multiple of five.",
            Game::Kugelbox => "Throw two balls into 25 holes; the holes they land in score.",
        }
    }

    /// Most seats any preset of the game can have.
    pub fn max_seats(self) -> u8 {
        match self {
            Game::Marbles => 4,
            Game::Dominoes => 8,
            Game::Kugelbox => 6,
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// How many seats a preset is played with.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SeatRange {
    pub min: u8,
    pub max: u8,
}

impl SeatRange {
    pub fn contains(self, seats: usize) -> bool {
        (self.min as usize..=self.max as usize).contains(&seats)
    }
}

/// A game's variant record: the settings one game is played with.
pub trait Variant: Serialize + DeserializeOwned + Clone + fmt::Debug {
    const GAME: Game;
    /// Settings the rules cannot play, said in words.
    fn validate(&self) -> Result<(), String>;
    /// One line for menus.
    fn summary(&self) -> String;
    /// The most seats these settings can seat (at most the game's own limit).
    fn seat_limit(&self) -> u8 {
        Self::GAME.max_seats()
    }
    /// Whether the rules start a game of these settings at `seats` seats: the rules engine
    /// is the judge of what a preset may offer.
    fn starts_with(&self, seats: u8) -> Result<(), String>;
}

impl Variant for MarblesVariant {
    const GAME: Game = Game::Marbles;
    fn starts_with(&self, seats: u8) -> Result<(), String> {
        super::marbles::MarblesGame::new(self.clone(), seats, 0).map(|_| ())
    }
    fn validate(&self) -> Result<(), String> {
        MarblesVariant::validate(self)
    }
    fn summary(&self) -> String {
        MarblesVariant::summary(self)
    }
}

impl Variant for DominoesVariant {
    const GAME: Game = Game::Dominoes;
    fn starts_with(&self, seats: u8) -> Result<(), String> {
        super::dominoes::DominoesGame::new(*self, seats, false, 0).map(|_| ())
    }
    fn validate(&self) -> Result<(), String> {
        DominoesVariant::validate(self)
    }
    fn summary(&self) -> String {
        DominoesVariant::summary(self)
    }
    fn seat_limit(&self) -> u8 {
        self.set.max_players()
    }
}

impl Variant for KugelboxVariant {
    const GAME: Game = Game::Kugelbox;
    fn starts_with(&self, seats: u8) -> Result<(), String> {
        super::kugelbox::KugelGame::new(self.clone(), seats, 0).map(|_| ())
    }
    fn validate(&self) -> Result<(), String> {
        KugelboxVariant::validate(self)
    }
    fn summary(&self) -> String {
        KugelboxVariant::summary(self)
    }
}

/// A named set of settings, as stored in its file.
#[derive(Serialize, Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct Preset<V> {
    /// Matches the file name (`classic` for `classic.ron`).
    pub name: String,
    pub title: String,
    /// The preset the setup screen picks first; one per game.
    #[serde(default)]
    pub default: bool,
    pub seats: SeatRange,
    /// A sentence or two for the setup screen.
    pub about: String,
    pub variant: V,
}

impl<V: Variant> Preset<V> {
    fn check(&self, file_stem: &str) -> Result<(), String> {
        if self.name != file_stem {
            return Err(format!(
                "name \"{}\" does not match the file name",
                self.name
            ));
        }
        let limit = self.variant.seat_limit();
        if self.seats.min == 0 || self.seats.min > self.seats.max || self.seats.max > limit {
            return Err(format!(
                "seats {}..{} must lie within 1..{limit}",
                self.seats.min, self.seats.max
            ));
        }
        self.variant.validate()?;
        // Every seat count offered starts a game.
        for n in self.seats.min..=self.seats.max {
            self.variant.starts_with(n)?;
        }
        Ok(())
    }
}

/// What menus need to know of a preset, whatever its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetInfo {
    pub game: Game,
    pub name: String,
    pub title: String,
    pub about: String,
    pub summary: String,
    pub seats: SeatRange,
    pub default: bool,
}

impl<V: Variant> From<&Preset<V>> for PresetInfo {
    fn from(p: &Preset<V>) -> Self {
        PresetInfo {
            game: V::GAME,
            name: p.name.clone(),
            title: p.title.clone(),
            about: p.about.clone(),
            summary: p.variant.summary(),
            seats: p.seats,
            default: p.default,
        }
    }
}

/// A preset file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogError {
    pub file: String,
    pub reason: String,
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "preset {}: {}", self.file, self.reason)
    }
}

impl std::error::Error for CatalogError {}

/// Parses one preset file's text.
pub fn parse_preset<V: Variant>(file: &str, text: &str) -> Result<Preset<V>, CatalogError> {
    let err = |reason: String| CatalogError {
        file: file.to_string(),
        reason,
    };
    let stem = file
        .rsplit('/')
        .next()
        .and_then(|f| f.strip_suffix(".ron"))
        .ok_or_else(|| err("a preset file's name ends in .ron".into()))?;
    let preset: Preset<V> = ron::from_str(text).map_err(|e| err(e.to_string()))?;
    preset.check(stem).map_err(err)?;
    Ok(preset)
}

macro_rules! builtin {
    ($game:literal: $($name:literal),+ $(,)?) => {
        &[$((
            concat!("assets/rules/", $game, "/", $name, ".ron"),
            include_str!(concat!("../../assets/rules/", $game, "/", $name, ".ron")),
        )),+]
    };
}

/// The preset files shipped with the game, as (path, text).
pub const BUILTIN_MARBLES: &[(&str, &str)] = builtin!("marbles":
    "starter", "junior", "classic", "challenge-12", "mixed-1", "mixed-2", "solitaire", "dishes");
pub const BUILTIN_DOMINOES: &[(&str, &str)] = builtin!("dominoes":
    "muggins", "all-fives", "hoyle", "all-threes", "fives-and-threes", "sniff", "block");
pub const BUILTIN_KUGELBOX: &[(&str, &str)] = builtin!("kugelbox":
    "chikugo", "take-it", "smart-calculators", "practice-box");

/// Every usable preset of the three games, in menu order.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    pub marbles: Vec<Preset<MarblesVariant>>,
    pub dominoes: Vec<Preset<DominoesVariant>>,
    pub kugelbox: Vec<Preset<KugelboxVariant>>,
}

fn load_into<V: Variant>(
    files: &[(&str, &str)],
    out: &mut Vec<Preset<V>>,
    errors: &mut Vec<CatalogError>,
) {
    for (file, text) in files {
        match parse_preset::<V>(file, text) {
            Ok(p) if out.iter().any(|q| q.name == p.name) => errors.push(CatalogError {
                file: file.to_string(),
                reason: format!("a second preset named \"{}\"", p.name),
            }),
            Ok(p) => out.push(p),
            Err(e) => errors.push(e),
        }
    }
    if out.iter().filter(|p| p.default).count() > 1 {
        errors.push(CatalogError {
            file: format!("assets/rules/{}/", V::GAME.slug()),
            reason: "more than one preset is marked default; the first is used".into(),
        });
    }
}

impl Catalog {
    /// Loads preset files; the unusable ones are left out and returned as errors.
    pub fn load(
        marbles: &[(&str, &str)],
        dominoes: &[(&str, &str)],
        kugelbox: &[(&str, &str)],
    ) -> (Catalog, Vec<CatalogError>) {
        let mut c = Catalog::default();
        let mut errors = Vec::new();
        load_into(marbles, &mut c.marbles, &mut errors);
        load_into(dominoes, &mut c.dominoes, &mut errors);
        load_into(kugelbox, &mut c.kugelbox, &mut errors);
        (c, errors)
    }

    /// The presets shipped with the game.
    pub fn builtin() -> (Catalog, Vec<CatalogError>) {
        Catalog::load(BUILTIN_MARBLES, BUILTIN_DOMINOES, BUILTIN_KUGELBOX)
    }

    /// A game's presets in menu order.
    pub fn presets(&self, game: Game) -> Vec<PresetInfo> {
        match game {
            Game::Marbles => self.marbles.iter().map(PresetInfo::from).collect(),
            Game::Dominoes => self.dominoes.iter().map(PresetInfo::from).collect(),
            Game::Kugelbox => self.kugelbox.iter().map(PresetInfo::from).collect(),
        }
    }

    /// The first of a game's presets, in menu order, whose (name, default mark) pass `test`.
    fn first(&self, game: Game, test: impl Fn(&str, bool) -> bool) -> Option<PresetInfo> {
        fn first_in<V: Variant>(
            list: &[Preset<V>],
            test: &dyn Fn(&str, bool) -> bool,
        ) -> Option<PresetInfo> {
            list.iter()
                .find(|p| test(&p.name, p.default))
                .map(PresetInfo::from)
        }
        match game {
            Game::Marbles => first_in(&self.marbles, &test),
            Game::Dominoes => first_in(&self.dominoes, &test),
            Game::Kugelbox => first_in(&self.kugelbox, &test),
        }
    }

    pub fn find(&self, game: Game, name: &str) -> Option<PresetInfo> {
        self.first(game, |n, _| n == name)
    }

    /// The preset marked default, else the first.
    pub fn default_preset(&self, game: Game) -> Option<PresetInfo> {
        self.first(game, |_, default| default)
            .or_else(|| self.first(game, |_, _| true))
    }
}
