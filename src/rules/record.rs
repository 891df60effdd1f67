//! What every game's record shares: replay errors and the replay loop. Each game's record is a
//! JSON object whose `"game"` field names the game.

use std::fmt;

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

/// Applies `actions` in order: every event, or the first refusal with its index.
pub fn play_through<G, A: Copy, V, E>(
    game: &mut G,
    actions: &[A],
    mut apply: impl FnMut(&mut G, A) -> Result<Vec<V>, E>,
) -> Result<Vec<V>, ReplayError<A, E>> {
    let mut events = Vec::new();
    for (index, action) in actions.iter().enumerate() {
        match apply(game, *action) {
            Ok(e) => events.extend(e),
            Err(error) => {
                return Err(ReplayError::Action {
                    index,
                    action: *action,
                    error,
                });
            }
        }
    }
    Ok(events)
}

/// The `"game"` field of a record, to pick the game that replays it.
pub fn game_of(json: &str) -> Result<String, String> {
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    match v.get("game") {
        Some(serde_json::Value::String(g)) => Ok(g.clone()),
        Some(_) => Err("\"game\" is not a string".into()),
        None => Err("there is no \"game\" field".into()),
    }
}

/// Parses a record and checks its `"game"` field.
pub fn parse_record<R: serde::de::DeserializeOwned, A, E>(
    json: &str,
    game: &str,
    field: impl Fn(&R) -> &str,
) -> Result<R, ReplayError<A, E>> {
    let r: R = serde_json::from_str(json).map_err(|e| ReplayError::Malformed(e.to_string()))?;
    let g = field(&r);
    if g != game {
        return Err(ReplayError::Malformed(format!(
            "\"game\" is \"{g}\", not \"{game}\""
        )));
    }
    Ok(r)
}
