use serde::{Deserialize, Serialize};

/// Which game is played with the box.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KugelboxMode {
    /// Fewest chips wins: pick-up rounds, then lay-out.
    Chikugo,
    /// Highest chip points wins.
    TakeIt,
    /// Every seat throws a fixed number of times; highest total wins.
    Practice,
}

/// How a throw is scored.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// By the geometry of the two holes: rows and rectangles.
    Geometry,
    /// By the values and operators printed on the box edges.
    SmartCalculators,
}

/// A chip in the middle of the table.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chip {
    /// Met by a score ≥ N; worth N.
    Number(u8),
    /// "Up to N" (↗N): met by a score ≤ N; worth N.
    UpTo(u8),
    /// Met by a row; worth 1.
    Line,
    /// Met by a square; worth 9.
    Square,
}

impl Chip {
    pub fn label(self) -> String {
        match self {
            Chip::Number(n) => n.to_string(),
            Chip::UpTo(n) => format!("↗{n}"),
            Chip::Line => "line".into(),
            Chip::Square => "square".into(),
        }
    }
}

/// An operator printed on the far edge of the box.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CalcOp {
    Add,
    /// Larger minus smaller.
    Sub,
    Mul,
}

/// What is printed on the box's edges, for Smart Calculators scoring.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct BoxLayout {
    pub rows: u8,
    pub columns: u8,
    /// The value of a ball in each column (near edge).
    pub values: Vec<u32>,
    /// The operator opposite each column (far edge).
    pub operators: Vec<CalcOp>,
}

/// The settings a Kugelbox game is played with; each preset file under
/// `assets/rules/kugelbox/` holds one.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct KugelboxVariant {
    pub mode: KugelboxMode,
    pub scoring: Scoring,
    /// The chips laid face down in the middle (empty in practice).
    pub chips: Vec<Chip>,
    pub layout: BoxLayout,
    /// Throws per seat in practice mode.
    pub practice_throws: u8,
    /// A throw ends when both balls rest, or after this long (moving balls count as out).
    pub throw_time_limit_ms: u32,
}

/// The box's holes on each side: the table's box, the throws' physics and the scores are all
/// of a 5×5 box.
pub const BOX_SIDE: u8 = 5;

/// Most chips in the middle: one bit each in a seat's [`Chips`](super::game::Chips).
pub const MAX_CHIPS: usize = super::game::Chips::BITS as usize;

impl KugelboxVariant {
    pub fn validate(&self) -> Result<(), String> {
        let l = &self.layout;
        if l.rows != BOX_SIDE || l.columns != BOX_SIDE {
            return Err(format!(
                "the box is {BOX_SIDE} by {BOX_SIDE} holes, not {} by {}",
                l.rows, l.columns
            ));
        }
        if self.chips.len() > MAX_CHIPS {
            return Err(format!(
                "at most {MAX_CHIPS} chips lie in the middle, not {}",
                self.chips.len()
            ));
        }
        if l.values.len() != l.columns as usize || l.operators.len() != l.columns as usize {
            return Err(format!(
                "the box has {} columns but {} values and {} operators",
                l.columns,
                l.values.len(),
                l.operators.len()
            ));
        }
        match self.mode {
            KugelboxMode::Chikugo | KugelboxMode::TakeIt if self.chips.is_empty() => {
                Err(format!("{:?} needs chips in the middle", self.mode))
            }
            KugelboxMode::Practice if self.practice_throws == 0 => {
                Err("practice needs at least one throw per seat".into())
            }
            _ if self.throw_time_limit_ms == 0 => {
                Err("the throw time limit must be above 0".into())
            }
            _ => Ok(()),
        }
    }

    pub fn summary(&self) -> String {
        let scoring = match self.scoring {
            Scoring::Geometry => "rows and rectangles",
            Scoring::SmartCalculators => "smart calculators",
        };
        match self.mode {
            KugelboxMode::Chikugo => {
                format!("fewest chips wins, {} chips, {scoring}", self.chips.len())
            }
            KugelboxMode::TakeIt => format!(
                "most chip points wins, {} chips, {scoring}",
                self.chips.len()
            ),
            KugelboxMode::Practice => format!("{} throws each, {scoring}", self.practice_throws),
        }
    }
}
