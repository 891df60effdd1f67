use serde::{Deserialize, Serialize};

/// One die of the three thrown each turn.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Die {
    D6,
    D12,
}

impl Die {
    pub fn sides(self) -> u8 {
        match self {
            Die::D6 => 6,
            Die::D12 => 12,
        }
    }
}

/// An operation allowed when making a number from the dice.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

impl Op {
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '−',
            Op::Mul => '×',
            Op::Div => '÷',
        }
    }
}

/// Which game is played on the ring board.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarblesMode {
    /// The regular game at one of the levels: place, bluff, challenge, call "Muggins!", score runs.
    Levels,
    /// One player fills the board with as few rolls as possible (lower score is better).
    Solitaire,
    /// Three different numbers fixed for the game; the first player who cannot make a new total
    /// loses.
    Dishes,
}

/// The settings a MUGGINS! game is played with; each preset file under `assets/rules/marbles/`
/// holds one.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MarblesVariant {
    pub mode: MarblesMode,
    /// Exactly three dice.
    pub dice: Vec<Die>,
    pub ops: Vec<Op>,
    /// Spaces on the ring: 36, or 18 on the smallest board.
    pub board: u8,
    pub bluffing: bool,
    /// Marbles in each player's tray (20; 50 in Solitaire).
    pub marbles: u8,
    /// Whether runs score bonus points at the end.
    pub runs_score: bool,
    /// The learning mode: the table may show every total the roll makes (starter and junior).
    #[serde(default)]
    pub learning: bool,
}

impl MarblesVariant {
    /// Checks the record for settings the rules cannot play.
    pub fn validate(&self) -> Result<(), String> {
        if self.dice.len() != 3 {
            return Err(format!("needs exactly 3 dice, has {}", self.dice.len()));
        }
        if self.ops.is_empty() {
            return Err("needs at least one operation".into());
        }
        for (i, op) in self.ops.iter().enumerate() {
            if self.ops[..i].contains(op) {
                return Err(format!("operation {op:?} is listed twice"));
            }
        }
        if self.board != 18 && self.board != 36 {
            return Err(format!(
                "board must have 18 or 36 spaces, not {}",
                self.board
            ));
        }
        if self.marbles == 0 {
            return Err("each player needs at least one marble".into());
        }
        if self.bluffing && self.mode != MarblesMode::Levels {
            return Err(format!("{:?} is played without bluffing", self.mode));
        }
        Ok(())
    }

    /// Whether a human at the table may place on a number the roll does not make (and be
    /// challenged for it): the regular game with bluffing on.
    pub fn may_bluff(&self) -> bool {
        self.bluffing && self.mode == MarblesMode::Levels
    }

    /// A one-line description for menus: dice, operations, board.
    pub fn summary(&self) -> String {
        let mut dice = String::new();
        for sides in [6, 12] {
            let n = self.dice.iter().filter(|d| d.sides() == sides).count();
            if n > 0 {
                if !dice.is_empty() {
                    dice.push_str(" + ");
                }
                dice.push_str(&format!("{n} × d{sides}"));
            }
        }
        let ops: Vec<String> = self.ops.iter().map(|o| o.symbol().to_string()).collect();
        let mut s = format!("{dice}, {} , spaces 1–{}", ops.join(" "), self.board);
        s = s.replace(" ,", ",");
        if self.bluffing {
            s.push_str(", bluffing");
        }
        s
    }
}
