use serde::{Deserialize, Serialize};

/// The domino set in play.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileSet {
    DoubleSix,
    DoubleNine,
    DoubleTwelve,
}

impl TileSet {
    pub fn max_pip(self) -> u8 {
        match self {
            TileSet::DoubleSix => 6,
            TileSet::DoubleNine => 9,
            TileSet::DoubleTwelve => 12,
        }
    }

    pub fn tiles(self) -> usize {
        let n = self.max_pip() as usize + 1;
        n * (n + 1) / 2
    }

    /// Most players the set deals to: the deal must leave a boneyard.
    pub fn max_players(self) -> u8 {
        match self {
            TileSet::DoubleSix => 4,
            TileSet::DoubleNine => 6,
            TileSet::DoubleTwelve => 8,
        }
    }
}

/// Tiles dealt to each player.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct HandSize {
    pub two_players: u8,
    pub more_players: u8,
}

impl HandSize {
    pub fn for_players(self, players: u8) -> u8 {
        if players <= 2 {
            self.two_players
        } else {
            self.more_players
        }
    }
}

/// Who leads the first hand of a game.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstLead {
    /// Everyone draws a tile; the heaviest leads (seed 001).
    HeaviestDrawn,
    /// By lot (seed 002).
    ByLot,
    /// The holder of the highest double (seed 003).
    HighestDouble,
}

/// Which doubles may be built on from all four sides.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spinner {
    None,
    FirstDouble,
    EveryDouble,
}

/// How an open-ends total scores.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// A multiple of 5 scores its value.
    Fives,
    /// A multiple of 5 scores one point per five.
    FivesOnePointPerFive,
    /// All Threes: a multiple of 3 scores one point per three.
    Threes,
    /// Fives and Threes: (total ÷ 5 if a multiple of 5) + (total ÷ 3 if a multiple of 3).
    FivesAndThrees,
}

impl Count {
    /// Points scored by an open-ends total.
    pub fn score(self, total: u32) -> u32 {
        let fives = if total > 0 && total.is_multiple_of(5) {
            total
        } else {
            0
        };
        let threes = if total > 0 && total.is_multiple_of(3) {
            total / 3
        } else {
            0
        };
        match self {
            Count::Fives => fives,
            Count::FivesOnePointPerFive => fives / 5,
            Count::Threes => threes,
            Count::FivesAndThrees => fives / 5 + threes,
        }
    }

    /// The base a lead tile's pip total must be a multiple of to score.
    pub fn base(self) -> &'static str {
        match self {
            Count::Fives | Count::FivesOnePointPerFive => "5",
            Count::Threes => "3",
            Count::FivesAndThrees => "5 or 3",
        }
    }
}

/// What a player with no playable tile does.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPlay {
    /// Draw one at a time until a tile plays, then play it at once.
    Draw,
    /// Block game: pass without drawing.
    Pass,
}

/// Whether counts must be announced, and what a missed count costs.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MugginsCall {
    /// The game announces counts for everyone.
    Off,
    /// A count not announced, or announced wrongly, is lost (seed 003).
    Forfeit,
    /// The opponent who calls "Muggins!" takes it (seed 001).
    Steal,
}

/// What is scored when a hand ends.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandBonus {
    /// A: each player loses their own remaining pips rounded to the nearest 5 (seed 002).
    LoseOwnPips,
    /// B: the player who goes out, or holds the lowest count in a blocked hand, gains the other
    /// hands' pips rounded to the nearest 5 (seed 003).
    WinnerTakesOthers,
    /// C: the winner gains (others' pips − own pips) rounded to the nearest 5, then ÷ 5 (seed 001).
    WinnerTakesDifferenceFifths,
    /// The player who goes out scores one point (All Threes, Fives and Threes; seed 002's
    /// variations).
    OnePointForGoingOut,
}

/// Points that win the game.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub two_players: u32,
    pub more_players: u32,
}

impl Target {
    pub fn for_players(self, players: u8) -> u32 {
        if players <= 2 {
            self.two_players
        } else {
            self.more_players
        }
    }
}

/// The settings a dominoes game is played with; each preset file under
/// `assets/rules/dominoes/` holds one.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DominoesVariant {
    pub set: TileSet,
    pub hand_size: HandSize,
    /// Four players may play as two partnerships (seats 1+3, 2+4).
    pub partnerships: bool,
    pub first_lead: FirstLead,
    /// The lead tile scores its pip total when that is a multiple of the count base.
    pub lead_scores: bool,
    pub spinner: Spinner,
    pub count: Count,
    pub no_play: NoPlay,
    /// Tiles left in the boneyard that are never drawn (0, or 2 in seed 002's variation).
    pub boneyard_reserve: u8,
    pub muggins_call: MugginsCall,
    pub hand_bonus: HandBonus,
    pub target: Target,
    /// Sniff: the first double may be set in line or crosswise, the player's choice.
    pub sniff: bool,
}

impl DominoesVariant {
    pub fn validate(&self) -> Result<(), String> {
        let tiles = self.set.tiles();
        for players in 2..=self.set.max_players() {
            let dealt = self.hand_size.for_players(players) as usize * players as usize;
            if self.hand_size.for_players(players) == 0 || dealt >= tiles {
                return Err(format!(
                    "a hand of {} for {players} players does not fit a {tiles}-tile set",
                    self.hand_size.for_players(players)
                ));
            }
        }
        if self.target.two_players == 0 || self.target.more_players == 0 {
            return Err("the target must be above 0".into());
        }
        if self.no_play == NoPlay::Pass && self.boneyard_reserve > 0 {
            return Err("a block game draws nothing, so a boneyard reserve means nothing".into());
        }
        Ok(())
    }

    pub fn summary(&self) -> String {
        let spinner = match self.spinner {
            Spinner::None => "no spinner",
            Spinner::FirstDouble => "first double spins",
            Spinner::EveryDouble => "every double spins",
        };
        let count = match self.count {
            Count::Fives => "fives at face value",
            Count::FivesOnePointPerFive => "a point per five",
            Count::Threes => "all threes",
            Count::FivesAndThrees => "fives and threes",
        };
        let play = match self.no_play {
            NoPlay::Draw => "draw",
            NoPlay::Pass => "block",
        };
        format!(
            "{count}, {spinner}, {play}, to {}/{}",
            self.target.two_players, self.target.more_players
        )
    }
}
