//! AI players: pure code that picks actions from what a seat may see, never an illegal one.

pub mod dominoes;
pub mod kugelbox;
pub mod marbles;

use std::fmt;

use serde::{Deserialize, Serialize};

/// How strong an AI seat plays.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Difficulty {
    /// Mostly random among legal moves.
    Easy,
    #[default]
    Normal,
    Hard,
    Expert,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// `easy`, `normal`, `hard` or `expert`, in any case.
    pub fn parse(s: &str) -> Option<Difficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.to_string().eq_ignore_ascii_case(s.trim()))
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}
