//! Who sits at the table: the game, its preset and each seat (human or AI). Pure data, saved as
//! the "last setup" in the settings.

use serde::{Deserialize, Serialize};

use crate::ai::Difficulty;
use crate::rules::dominoes::TileSet;
use crate::rules::kugelbox::Scoring;
use crate::rules::{Catalog, Game};

/// Who plays a seat.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SeatKind {
    #[default]
    Human,
    Ai(Difficulty),
}

/// The game, the preset and the seats a game starts with.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TableSetup {
    pub game: Game,
    pub preset: String,
    pub seats: Vec<SeatKind>,
    /// Dominoes: four players as two partnerships (seats 1 and 3 against 2 and 4).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub partnerships: bool,
    /// Dominoes: another set than the preset's (double-nine or double-twelve seat more).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<TileSet>,
    /// Dominoes: every human's hand face up (family play: no pass screens).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open_hands: bool,
    /// Kugelbox: another scoring than the preset's (Smart Calculators for Chikugo or Take It).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Scoring>,
}

impl TableSetup {
    /// A table of `game` and `preset` with these seats and the preset's own options.
    pub fn new(game: Game, preset: String, seats: Vec<SeatKind>) -> TableSetup {
        TableSetup {
            game,
            preset,
            seats,
            partnerships: false,
            set: None,
            open_hands: false,
            scoring: None,
        }
    }

    /// Whether this table may play in partnerships: four dominoes seats, a preset that allows it.
    pub fn may_partner(&self, catalog: &Catalog) -> bool {
        self.game == Game::Dominoes
            && self.seats.len() == 4
            && catalog
                .dominoes
                .iter()
                .any(|p| p.name == self.preset && p.variant.partnerships)
    }

    /// The fewest and most seats this table may have: the preset's, or as many as a larger
    /// dominoes set deals to.
    pub fn seat_range(&self, catalog: &Catalog) -> Option<(u8, u8)> {
        let p = catalog.find(self.game, &self.preset)?;
        let max = match self.set {
            Some(set) if self.game == Game::Dominoes => set.max_players().max(p.seats.max),
            _ => p.seats.max,
        };
        Some((p.seats.min, max))
    }

    /// The game's default preset at its smallest table: seat 1 human, the rest AI at Normal.
    pub fn default_for(game: Game, catalog: &Catalog) -> TableSetup {
        let (preset, min) = catalog
            .default_preset(game)
            .map(|p| (p.name, p.seats.min.max(1)))
            .unwrap_or_default();
        let mut setup = TableSetup::new(game, preset, vec![SeatKind::Human]);
        setup.fit_seats(min.max(1) as usize);
        setup
    }

    /// Grows or shrinks the table to `n` seats; new seats are AI at Normal.
    pub fn fit_seats(&mut self, n: usize) {
        self.seats.resize(n, SeatKind::Ai(Difficulty::Normal));
    }

    /// Picks a preset and brings the seat count into its range.
    pub fn choose_preset(&mut self, name: &str, catalog: &Catalog) {
        if let Some(p) = catalog.find(self.game, name) {
            self.preset = p.name;
            let (min, max) = self
                .seat_range(catalog)
                .unwrap_or((p.seats.min, p.seats.max));
            let n = self.seats.len().clamp(min as usize, max as usize);
            self.fit_seats(n);
            self.partnerships &= self.may_partner(catalog);
            // A scoring chosen for one preset is not carried to another.
            if self.game == Game::Kugelbox {
                self.scoring = None;
            }
        }
    }

    /// Whether the catalog can seat this table, and why not.
    pub fn validate(&self, catalog: &Catalog) -> Result<(), String> {
        let p = catalog.find(self.game, &self.preset).ok_or_else(|| {
            format!(
                "{} has no preset named \"{}\"",
                self.game.title(),
                self.preset
            )
        })?;
        let (min, max) = self
            .seat_range(catalog)
            .unwrap_or((p.seats.min, p.seats.max));
        if !(min as usize..=max as usize).contains(&self.seats.len()) {
            return Err(format!(
                "{} is played by {min}–{max} seats, not {}",
                p.title,
                self.seats.len()
            ));
        }
        if self.partnerships && !self.may_partner(catalog) {
            return Err(format!(
                "{} is played in partnerships by four seats only",
                p.title
            ));
        }
        Ok(())
    }

    /// The setup if it fits the catalog, else the game's default.
    pub fn or_default(self, catalog: &Catalog) -> TableSetup {
        match self.validate(catalog) {
            Ok(()) => self,
            Err(_) => TableSetup::default_for(self.game, catalog),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_setups_fit_their_presets() {
        let (catalog, errors) = Catalog::builtin();
        assert!(errors.is_empty(), "{errors:?}");
        for game in Game::ALL {
            let setup = TableSetup::default_for(game, &catalog);
            assert_eq!(setup.validate(&catalog), Ok(()));
            assert_eq!(setup.seats[0], SeatKind::Human);
        }
    }

    #[test]
    fn choosing_a_preset_fits_the_seats() {
        let (catalog, _) = Catalog::builtin();
        let mut setup = TableSetup::default_for(Game::Marbles, &catalog);
        setup.fit_seats(4);
        setup.choose_preset("solitaire", &catalog);
        assert_eq!(setup.seats, vec![SeatKind::Human]);
        assert_eq!(setup.validate(&catalog), Ok(()));
        setup.choose_preset("no-such-preset", &catalog);
        assert_eq!(setup.preset, "solitaire");
    }

    #[test]
    fn a_setup_that_does_not_fit_is_refused_and_replaced() {
        let (catalog, _) = Catalog::builtin();
        let mut setup = TableSetup::default_for(Game::Dominoes, &catalog);
        setup.fit_seats(6);
        let err = setup.validate(&catalog).unwrap_err();
        assert!(err.contains("2–4 seats, not 6"), "{err}");
        assert_eq!(
            setup.or_default(&catalog),
            TableSetup::default_for(Game::Dominoes, &catalog)
        );
        let unknown = TableSetup::new(Game::Kugelbox, "bowling".into(), vec![SeatKind::Human]);
        assert!(unknown.validate(&catalog).unwrap_err().contains("bowling"));
    }
}
