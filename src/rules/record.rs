//! One record type for every game: the game, its preset, the seats, the seed and every action.
//! Replaying it gives the same game. [`AnyRecord`] reads a record of any game, picked by its
//! `"game"` field, for the command line and the title screen.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::{Catalog, Game, TableGame};

/// A whole game, as JSON: `{"game": "marbles", "preset": "classic", "seats": 2, "seed": 7,
/// "actions": [...]}` (dominoes adds `"partnerships": true` for four players as two sides).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Record<A> {
    /// The game's slug: "marbles", "dominoes" or "kugelbox".
    pub game: String,
    pub preset: String,
    pub seats: u8,
    /// Dominoes: four players as two partnerships.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub partnerships: bool,
    /// Dominoes: the set, when not the preset's (`"DoubleNine"`, `"DoubleTwelve"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<super::dominoes::TileSet>,
    /// Kugelbox: the scoring, when not the preset's (`"SmartCalculators"` for Chikugo or Take
    /// It scored by the box's values and operators).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<super::kugelbox::Scoring>,
    pub seed: u64,
    pub actions: Vec<A>,
}

/// An action type that belongs to one game: what its records are checked against.
pub trait GameAction: Copy + fmt::Debug + Serialize + DeserializeOwned {
    const GAME: Game;
    /// Why the game's rules refuse an action.
    type Error: fmt::Display + fmt::Debug;
    /// The record of this game, if `record` is one.
    fn of(record: &AnyRecord) -> Option<&Record<Self>>;
    /// This game's record as a record of any game.
    fn any(record: Record<Self>) -> AnyRecord;
}

impl<A: GameAction> Record<A> {
    /// A record of a game about to be played: no actions yet.
    pub fn new(preset: &str, seats: u8, partnerships: bool, seed: u64) -> Record<A> {
        Record {
            game: A::GAME.slug().into(),
            preset: preset.into(),
            seats,
            partnerships,
            set: None,
            scoring: None,
            seed,
            actions: Vec::new(),
        }
    }

    /// The same record played with another dominoes set than its preset's.
    pub fn with_set(mut self, set: Option<super::dominoes::TileSet>) -> Record<A> {
        self.set = set;
        self
    }

    /// The same record scored another way than its Kugelbox preset.
    pub fn with_scoring(mut self, scoring: Option<super::kugelbox::Scoring>) -> Record<A> {
        self.scoring = scoring;
        self
    }

    /// Parses a record and checks its `"game"` field.
    pub fn parse(json: &str) -> Result<Record<A>, ReplayError<A, A::Error>> {
        let r: Record<A> =
            serde_json::from_str(json).map_err(|e| ReplayError::Malformed(e.to_string()))?;
        let want = A::GAME.slug();
        if r.game != want {
            return Err(ReplayError::Malformed(format!(
                "\"game\" is \"{}\", not \"{want}\"",
                crate::files::shown(&r.game)
            )));
        }
        Ok(r)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError<A, E> {
    /// Not a record at all, or a field is wrong.
    Malformed(String),
    /// The record's preset or seats do not make a game.
    Setup(String),
    /// Action `index` (0-based) was refused.
    Action { index: usize, action: A, error: E },
}

impl<A: fmt::Debug, E: fmt::Display> fmt::Display for ReplayError<A, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Malformed(why) => write!(f, "not a game record: {why}"),
            ReplayError::Setup(why) => write!(f, "the record's game cannot be set up: {why}"),
            ReplayError::Action {
                index,
                action,
                error,
            } => write!(f, "action {index} ({action:?}) was refused: {error}"),
        }
    }
}

impl<A: fmt::Debug, E: fmt::Display + fmt::Debug> std::error::Error for ReplayError<A, E> {}

/// Plays a record through from its start: the final state and every event, or the first
/// refusal with its index.
#[allow(clippy::type_complexity)]
pub fn replay<G: TableGame>(
    record: &Record<G::Action>,
    catalog: &Catalog,
) -> Result<(G, Vec<G::Event>), ReplayError<G::Action, G::Error>> {
    let mut events = Vec::new();
    let game = replay_with::<G>(record, catalog, |e| events.extend(e))?;
    Ok((game, events))
}

/// Plays a record through keeping only the final state and the number of events: memory
/// follows the game, not the length of the record.
#[allow(clippy::type_complexity)]
pub fn play_through<G: TableGame>(
    record: &Record<G::Action>,
    catalog: &Catalog,
) -> Result<(G, usize), ReplayError<G::Action, G::Error>> {
    let mut count = 0;
    let game = replay_with::<G>(record, catalog, |e| count += e.len())?;
    Ok((game, count))
}

/// Plays a record through, handing each action's events to `seen`.
#[allow(clippy::type_complexity)]
fn replay_with<G: TableGame>(
    record: &Record<G::Action>,
    catalog: &Catalog,
    mut seen: impl FnMut(Vec<G::Event>),
) -> Result<G, ReplayError<G::Action, G::Error>> {
    let mut game = G::start(record, catalog).map_err(ReplayError::Setup)?;
    for (index, action) in record.actions.iter().enumerate() {
        match game.apply(*action) {
            Ok(e) => seen(e),
            Err(error) => {
                return Err(ReplayError::Action {
                    index,
                    action: *action,
                    error,
                });
            }
        }
    }
    Ok(game)
}

/// The largest record file read: a long game is tens of kilobytes; a record this size would
/// hold hundreds of thousands of actions.
pub const RECORD_CAP: u64 = 4 * 1024 * 1024;

/// The `"game"` field of a record, to pick the game that replays it. Only that field is kept:
/// every other value is skipped as it is read, so this costs no memory beyond the text.
pub fn game_of(json: &str) -> Result<String, String> {
    /// The field's text, or nothing when it is another kind of value (skipped unread).
    struct Field(Option<String>);
    impl<'de> Deserialize<'de> for Field {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Field, D::Error> {
            use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
            struct Any;
            impl<'de> Visitor<'de> for Any {
                type Value = Field;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("any value")
                }
                fn visit_str<E>(self, v: &str) -> Result<Field, E> {
                    Ok(Field(Some(v.to_string())))
                }
                fn visit_bool<E>(self, _: bool) -> Result<Field, E> {
                    Ok(Field(None))
                }
                fn visit_i64<E>(self, _: i64) -> Result<Field, E> {
                    Ok(Field(None))
                }
                fn visit_u64<E>(self, _: u64) -> Result<Field, E> {
                    Ok(Field(None))
                }
                fn visit_f64<E>(self, _: f64) -> Result<Field, E> {
                    Ok(Field(None))
                }
                fn visit_unit<E>(self) -> Result<Field, E> {
                    Ok(Field(None))
                }
                fn visit_seq<S: SeqAccess<'de>>(self, mut s: S) -> Result<Field, S::Error> {
                    while s.next_element::<IgnoredAny>()?.is_some() {}
                    Ok(Field(None))
                }
                fn visit_map<M: MapAccess<'de>>(self, mut m: M) -> Result<Field, M::Error> {
                    while m.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                    Ok(Field(None))
                }
            }
            d.deserialize_any(Any)
        }
    }
    #[derive(Deserialize)]
    struct Probe {
        game: Option<Field>,
    }
    let probe: Probe = serde_json::from_str(json).map_err(|e| e.to_string())?;
    match probe.game {
        Some(Field(Some(g))) => Ok(g),
        Some(Field(None)) => Err("\"game\" is not a string".into()),
        None => Err("there is no \"game\" field".into()),
    }
}

/// A record of any of the three games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyRecord {
    Marbles(Record<super::marbles::Action>),
    Dominoes(Record<super::dominoes::Action>),
    Kugelbox(Record<super::kugelbox::Action>),
}

/// What a saved-games list shows of a record, whatever its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordSummary {
    pub game: Game,
    pub preset: String,
    pub seats: u8,
    pub partnerships: bool,
    pub set: Option<super::dominoes::TileSet>,
    pub scoring: Option<super::kugelbox::Scoring>,
    pub seed: u64,
    pub moves: usize,
}

impl AnyRecord {
    /// Reads a record of any game, picked by its `"game"` field; why not, in words.
    pub fn parse(json: &str) -> Result<AnyRecord, String> {
        match game_of(json)
            .map_err(|e| format!("not a game record: {e}"))?
            .as_str()
        {
            "marbles" => Record::parse(json)
                .map(AnyRecord::Marbles)
                .map_err(|e| e.to_string()),
            "dominoes" => Record::parse(json)
                .map(AnyRecord::Dominoes)
                .map_err(|e| e.to_string()),
            "kugelbox" => Record::parse(json)
                .map(AnyRecord::Kugelbox)
                .map_err(|e| e.to_string()),
            other => Err(format!(
                "not a game record: \"game\" is \"{}\" (marbles, dominoes or kugelbox)",
                crate::files::shown(other)
            )),
        }
    }

    pub fn summary(&self) -> RecordSummary {
        fn of<A: GameAction>(r: &Record<A>) -> RecordSummary {
            RecordSummary {
                game: A::GAME,
                preset: r.preset.clone(),
                seats: r.seats,
                partnerships: r.partnerships,
                set: r.set,
                scoring: r.scoring,
                seed: r.seed,
                moves: r.actions.len(),
            }
        }
        match self {
            AnyRecord::Marbles(r) => of(r),
            AnyRecord::Dominoes(r) => of(r),
            AnyRecord::Kugelbox(r) => of(r),
        }
    }

    pub fn game(&self) -> Game {
        self.summary().game
    }

    pub fn to_json(&self) -> String {
        match self {
            AnyRecord::Marbles(r) => r.to_json(),
            AnyRecord::Dominoes(r) => r.to_json(),
            AnyRecord::Kugelbox(r) => r.to_json(),
        }
    }

    /// Replays the record in its game's rules: the number of events, or why it stops.
    pub fn check(&self, catalog: &Catalog) -> Result<usize, String> {
        match self {
            AnyRecord::Marbles(r) => play_through::<super::marbles::MarblesGame>(r, catalog)
                .map(|(_, n)| n)
                .map_err(|e| e.to_string()),
            AnyRecord::Dominoes(r) => play_through::<super::dominoes::DominoesGame>(r, catalog)
                .map(|(_, n)| n)
                .map_err(|e| e.to_string()),
            AnyRecord::Kugelbox(r) => play_through::<super::kugelbox::KugelGame>(r, catalog)
                .map(|(_, n)| n)
                .map_err(|e| e.to_string()),
        }
    }
}

impl RecordSummary {
    /// The same, with the preset's title from `catalog` ("Classic") for its name ("classic")
    /// where the catalog knows it.
    pub fn titled(mut self, catalog: &super::Catalog) -> Self {
        if let Some(p) = catalog.find(self.game, &self.preset) {
            self.preset = p.title;
        }
        self
    }

    /// One line for a list of saved games: "MUGGINS! · classic · 2 players · 144 moves".
    pub fn line(&self) -> String {
        let players = if self.partnerships {
            format!("{} players in partnerships", self.seats)
        } else if self.seats == 1 {
            "1 player".to_string()
        } else {
            format!("{} players", self.seats)
        };
        format!(
            "{} · {} · {players} · {} moves",
            self.game.title(),
            self.preset,
            self.moves
        )
    }
}
