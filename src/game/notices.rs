//! Short messages for the player, from any part of the game.

use bevy::prelude::*;

/// Short messages for the player (a refused setup, a settings file that was not readable).
#[derive(Resource, Default, Debug)]
pub struct Notices(pub Vec<String>);

impl Notices {
    pub fn push(&mut self, text: impl Into<String>) {
        let text = text.into();
        warn!("{text}");
        self.0.push(text);
    }
}
