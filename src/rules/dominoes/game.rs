//! The Muggins dominoes state machine for the whole All Fives family: deals, leads, plays,
//! drawing and passing, the count after every play, announcements and "Muggins!" calls, the end
//! of a hand and its bonus, and hands played on to the target.
//!
//! Randomness comes from the seed only: hand `h` is dealt from a shuffle seeded by
//! `(seed, h)`, and drawing takes the next tile of that shuffle. So a record of the seed and the
//! players' actions replays the whole game. The state is small and copied cheaply (hands and
//! the table are bitsets and fixed arrays); only the public history of the hand is a `Vec`.

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::layout::{Layout, LayoutError, Placement};
use super::tile::{MAX_TILES, Mask, Tile, full_set, pips_of, tiles_of};
use super::variant::{DominoesVariant, FirstLead, HandBonus, MugginsCall, NoPlay};
use crate::rules::rng::SplitMix;

/// A seat, 0-based.
pub type Seat = u8;

/// Most seats at one table (double-twelve).
pub const MAX_SEATS: usize = 8;

/// Something a player does.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Lay a tile at an open end (the lead goes on end 0). With "Muggins!" calls on, `announce`
    /// is the count the player says as the tile goes down (0: says nothing).
    Play {
        tile: Tile,
        arm: u8,
        #[serde(default, skip_serializing_if = "is_false")]
        inline: bool,
        #[serde(default, skip_serializing_if = "is_zero")]
        announce: u16,
    },
    /// Take a tile from the boneyard (only with no tile to play).
    Draw,
    /// Pass (only with no tile to play and nothing to draw).
    Pass,
    /// This seat calls "Muggins!" on a count announced wrongly or not at all.
    Muggins(Seat),
    /// Let the call window close without a call.
    Proceed,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

impl Action {
    /// Lays a tile, announcing nothing.
    pub fn play(p: Placement) -> Action {
        Action::Play {
            tile: p.tile,
            arm: p.arm,
            inline: p.inline,
            announce: 0,
        }
    }

    /// Lays a tile, announcing `count`.
    pub fn play_announcing(p: Placement, count: u16) -> Action {
        Action::Play {
            tile: p.tile,
            arm: p.arm,
            inline: p.inline,
            announce: count,
        }
    }

    /// The placement of a play.
    pub fn placement(self) -> Option<Placement> {
        match self {
            Action::Play {
                tile, arm, inline, ..
            } => Some(Placement { tile, arm, inline }),
            _ => None,
        }
    }
}

/// How a hand ended.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandEnd {
    /// This seat laid its last tile.
    Domino(Seat),
    /// Nobody could play.
    Blocked,
}

/// Why points were scored.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The open ends added up to `total` after this seat's play.
    Count { total: u32 },
    /// A count taken from `from` with a "Muggins!" call.
    Stolen { from: Seat, total: u32 },
    /// The end-of-hand bonus.
    Bonus,
    /// Bonus style A: the pips left in the seat's own hand, lost.
    PipsLeft { pips: u32 },
}

/// What happened, for the players to see. `Dealt` and `Drew` carry private tiles: show them to
/// their seat only.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A tile drawn to decide the first lead.
    LeadDraw {
        seat: Seat,
        tile: Tile,
    },
    /// A new hand: `leader` leads.
    HandStarted {
        hand: u32,
        leader: Seat,
    },
    Played {
        seat: Seat,
        placement: Placement,
        /// The open-ends total after the play.
        total: u32,
        /// What the total scores.
        count: u32,
    },
    Drew {
        seat: Seat,
        tile: Tile,
    },
    Passed {
        seat: Seat,
    },
    Announced {
        seat: Seat,
        said: u16,
        count: u16,
    },
    Scored {
        seat: Seat,
        side: u8,
        points: i32,
        why: Why,
    },
    /// A good call: the count is forfeited, or stolen by the caller.
    MugginsCalled {
        caller: Seat,
        scorer: Seat,
        points: u16,
        stolen: bool,
    },
    HandEnded {
        end: HandEnd,
        /// The seat paid the bonus, if any.
        winner: Option<Seat>,
        /// Pips left in each seat's hand.
        pips: Vec<u32>,
    },
    GameOver(Outcome),
}

/// How the game came out.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The side that reached the target (a seat, or a partnership 0 = seats 1+3, 1 = seats 2+4).
    pub winner: u8,
    /// The seats on the winning side.
    pub winners: Vec<Seat>,
    /// Final score per side.
    pub scores: Vec<i32>,
    /// Hands played (counting the one in which the target was reached).
    pub hands: u32,
}

/// An action the rules refuse; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    /// The action does not fit the moment: what is expected instead.
    NotNow(String),
    NotInHand(Tile),
    /// A drawn tile that plays must be the one laid.
    MustPlayDrawn(Tile),
    Layout(LayoutError),
    /// Drawing or passing while holding a tile that plays.
    CanPlay,
    /// Passing while the boneyard still has tiles to draw.
    MustDraw,
    /// Nothing is left to draw.
    BoneyardEmpty,
    NotAnOpponent(Seat),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver => write!(f, "the game is over"),
            RuleError::NotNow(what) => write!(f, "not now: {what}"),
            RuleError::NotInHand(t) => write!(f, "{t} is not in the player's hand"),
            RuleError::MustPlayDrawn(t) => write!(f, "the tile just drawn, {t}, must be laid"),
            RuleError::Layout(e) => write!(f, "{e}"),
            RuleError::CanPlay => write!(f, "a tile in hand plays, so it must be laid"),
            RuleError::MustDraw => write!(f, "the boneyard still has tiles: draw"),
            RuleError::BoneyardEmpty => write!(f, "there is nothing left to draw"),
            RuleError::NotAnOpponent(s) => {
                write!(f, "seat {s} is not an opponent of the player who scored")
            }
        }
    }
}

impl std::error::Error for RuleError {}

/// Where the hand stands: who must do what.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `seat` leads any tile.
    Lead {
        seat: Seat,
    },
    /// `seat` lays a tile, or draws or passes when none plays.
    Turn {
        seat: Seat,
    },
    /// `seat` drew a tile that plays and must lay it now.
    Drawn {
        seat: Seat,
    },
    /// `scorer` made a count of `points` and announced `said`: the opponents may call
    /// "Muggins!" until the window closes.
    Call {
        scorer: Seat,
        points: u16,
        said: u16,
    },
    Over,
}

/// One public step of the hand, as everyone at the table saw it.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logged {
    Played {
        seat: Seat,
        placement: Placement,
    },
    /// A tile went from the boneyard to this seat's hand, face down.
    Drew {
        seat: Seat,
    },
    Passed {
        seat: Seat,
    },
}

/// The boneyard: the rest of the hand's shuffle, drawn from the end.
#[derive(Clone, Copy)]
pub struct Boneyard {
    tiles: [Tile; MAX_TILES],
    len: u8,
}

impl Boneyard {
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tiles, the next one to be drawn last.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.len as usize]
    }

    pub fn mask(&self) -> Mask {
        self.tiles().iter().fold(0, |m, t| m | t.bit())
    }

    /// A boneyard holding `tiles`, the last drawn first.
    pub fn from_tiles(tiles: &[Tile]) -> Boneyard {
        let mut b = Boneyard {
            tiles: [Tile::default(); MAX_TILES],
            len: 0,
        };
        for t in tiles.iter().take(MAX_TILES) {
            b.tiles[b.len as usize] = *t;
            b.len += 1;
        }
        b
    }

    fn pop(&mut self) -> Option<Tile> {
        (self.len > 0).then(|| {
            self.len -= 1;
            self.tiles[self.len as usize]
        })
    }
}

impl PartialEq for Boneyard {
    fn eq(&self, other: &Boneyard) -> bool {
        self.tiles() == other.tiles()
    }
}

impl Eq for Boneyard {}

impl fmt::Debug for Boneyard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.tiles()).finish()
    }
}

impl Serialize for Boneyard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.tiles().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Boneyard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Boneyard, D::Error> {
        let v = Vec::<Tile>::deserialize(d)?;
        if v.len() > MAX_TILES {
            return Err(D::Error::custom("more tiles than the largest set"));
        }
        Ok(Boneyard::from_tiles(&v))
    }
}

/// What one seat may know: its own hand, the table, how many tiles everyone holds, the boneyard's
/// size and the public history of the hand. Nothing else.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub seat: Seat,
    pub variant: DominoesVariant,
    pub seats: u8,
    pub partnerships: bool,
    pub hand_no: u32,
    pub hand: Vec<Tile>,
    /// The tile this seat just drew and must lay, if that is the moment.
    pub drawn: Option<Tile>,
    pub layout: Layout,
    /// Tiles in each seat's hand.
    pub tiles_held: Vec<u8>,
    pub boneyard: u8,
    /// Of which may still be drawn (the rest is the reserve that never is).
    pub drawable: u8,
    pub history: Vec<Logged>,
    /// Score per side.
    pub scores: Vec<i32>,
    pub target: i32,
    pub phase: Phase,
}

impl View {
    /// The side a seat plays for: itself, or its partnership (0 or 1).
    pub fn side(&self, seat: Seat) -> u8 {
        if self.partnerships { seat % 2 } else { seat }
    }
}

/// A game of Muggins dominoes (or a member of its family), hands played on to the target.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct DominoesGame {
    pub variant: DominoesVariant,
    pub seats: u8,
    /// Four players as two sides: seats 1+3 and 2+4 (0+2 and 1+3 counted from 0).
    pub partnerships: bool,
    pub seed: u64,
    /// The hand being played, from 0.
    pub hand_no: u32,
    /// Each seat's tiles, as bits.
    #[serde(with = "hands_serde")]
    pub hands: [Mask; MAX_SEATS],
    pub boneyard: Boneyard,
    pub layout: Layout,
    pub phase: Phase,
    /// The tile just drawn that must be laid (in [`Phase::Drawn`]).
    pub drawn: Option<Tile>,
    /// Passes in a row; the hand is blocked when every seat has passed.
    pub passes: u8,
    /// Score per side.
    pub scores: [i32; MAX_SEATS],
    /// The public history of this hand.
    pub history: Vec<Logged>,
    pub outcome: Option<Outcome>,
}

mod hands_serde {
    use super::*;

    pub fn serialize<S: Serializer>(hands: &[Mask; MAX_SEATS], s: S) -> Result<S::Ok, S::Error> {
        let v: Vec<Vec<Tile>> = hands.iter().map(|h| tiles_of(*h).collect()).collect();
        v.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Mask; MAX_SEATS], D::Error> {
        let v = Vec::<Vec<Tile>>::deserialize(d)?;
        if v.len() > MAX_SEATS {
            return Err(D::Error::custom("more hands than seats"));
        }
        let mut out = [0; MAX_SEATS];
        for (o, h) in out.iter_mut().zip(&v) {
            *o = h.iter().fold(0, |m, t| m | t.bit());
        }
        Ok(out)
    }
}

/// What the open ends score after placement `p` on `layout` (0 for a lead that does not score,
/// or a placement that does not fit).
pub fn points_after(variant: &DominoesVariant, layout: &Layout, p: Placement) -> u16 {
    if layout.is_empty() && !variant.lead_scores {
        return 0;
    }
    let mut after = *layout;
    if after.place(p).is_err() {
        return 0;
    }
    variant.count.score(after.ends_total()) as u16
}

/// Rounds to the nearest 5: a remainder of 1–2 rounds down, 3–4 up (19 → 20, 22 → 20, 23 → 25).
pub fn round5(x: u32) -> u32 {
    (x + 2) / 5 * 5
}

/// A tile's weight for the lead: heavier total first, then the higher half.
fn weight(t: Tile) -> (u32, u8) {
    (t.total(), t.high())
}

/// Salt for the seeded streams: the deal of hand `h`, the draw for the lead, the lot.
const SALT_DEAL: u64 = 1;
const SALT_LEAD_DRAW: u64 = 2;
const SALT_LOT: u64 = 3;

impl DominoesGame {
    /// A new game for `seats` players (2 up to what the set deals to); `partnerships` needs four
    /// seats and a variant that allows it. The first hand is dealt and its leader chosen.
    pub fn new(
        variant: DominoesVariant,
        seats: u8,
        partnerships: bool,
        seed: u64,
    ) -> Result<DominoesGame, String> {
        DominoesGame::new_with_events(variant, seats, partnerships, seed).map(|(g, _)| g)
    }

    /// Like [`new`](Self::new), also returning the events of the draw for the lead and the deal.
    pub fn new_with_events(
        variant: DominoesVariant,
        seats: u8,
        partnerships: bool,
        seed: u64,
    ) -> Result<(DominoesGame, Vec<Event>), String> {
        variant.validate()?;
        let max = variant.set.max_players();
        if !(2..=max).contains(&seats) {
            return Err(format!(
                "a {}-tile set seats 2–{max} players, not {seats}",
                variant.set.tiles()
            ));
        }
        if partnerships && (seats != 4 || !variant.partnerships) {
            return Err(if seats != 4 {
                format!("partnerships need four players, not {seats}")
            } else {
                "this preset is not played in partnerships".into()
            });
        }
        let mut game = DominoesGame {
            variant,
            seats,
            partnerships,
            seed,
            hand_no: 0,
            hands: [0; MAX_SEATS],
            boneyard: Boneyard::from_tiles(&[]),
            layout: Layout::new(variant.spinner, variant.sniff),
            phase: Phase::Lead { seat: 0 },
            drawn: None,
            passes: 0,
            scores: [0; MAX_SEATS],
            history: Vec::with_capacity(64),
            outcome: None,
        };
        let mut events = Vec::new();
        game.start_game(&mut events);
        Ok((game, events))
    }

    fn start_game(&mut self, events: &mut Vec<Event>) {
        let leader = match self.variant.first_lead {
            FirstLead::ByLot => self.lot(0),
            FirstLead::HeaviestDrawn => self.draw_for_lead(events),
            // Decided once the hand is dealt.
            FirstLead::HighestDouble => 0,
        };
        self.deal(0, leader, events);
        if self.variant.first_lead == FirstLead::HighestDouble {
            let leader = self.highest_double_holder();
            self.phase = Phase::Lead { seat: leader };
            if let Some(Event::HandStarted { leader: l, .. }) = events.last_mut() {
                *l = leader;
            }
        }
    }

    /// A seat chosen by lot for hand `hand`.
    fn lot(&self, hand: u32) -> Seat {
        SplitMix::new(self.seed, SALT_LOT ^ ((hand as u64) << 8)).below(self.seats as u32) as Seat
    }

    /// Everyone draws a tile; the heaviest leads. Tiles of equal weight are told apart by their
    /// higher half, so there is never a tie to draw again.
    fn draw_for_lead(&self, events: &mut Vec<Event>) -> Seat {
        let mut rng = SplitMix::new(self.seed, SALT_LEAD_DRAW);
        let mut set = self.shuffled(&mut rng);
        let mut best: Option<((u32, u8), Seat)> = None;
        for seat in 0..self.seats {
            let tile = set.pop().unwrap_or_default();
            events.push(Event::LeadDraw { seat, tile });
            if best.is_none_or(|(w, _)| weight(tile) > w) {
                best = Some((weight(tile), seat));
            }
        }
        best.map_or(0, |(_, s)| s)
    }

    /// The whole set, shuffled.
    fn shuffled(&self, rng: &mut SplitMix) -> Vec<Tile> {
        let mut tiles: Vec<Tile> = tiles_of(full_set(self.variant.set.max_pip())).collect();
        for i in (1..tiles.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            tiles.swap(i, j);
        }
        tiles
    }

    /// The holder of the highest double leads (seed 003); with no double dealt, the holder of
    /// the heaviest tile.
    fn highest_double_holder(&self) -> Seat {
        let mut best: Option<((bool, u32, u8), Seat)> = None;
        for seat in 0..self.seats {
            for t in tiles_of(self.hands[seat as usize]) {
                let key = (t.is_double(), t.total(), t.high());
                if best.is_none_or(|(k, _)| key > k) {
                    best = Some((key, seat));
                }
            }
        }
        best.map_or(0, |(_, s)| s)
    }

    /// Shuffles and deals hand `hand`, led by `leader`.
    fn deal(&mut self, hand: u32, leader: Seat, events: &mut Vec<Event>) {
        let mut rng = SplitMix::new(self.seed, SALT_DEAL ^ ((hand as u64) << 8));
        let n = self.variant.set.tiles();
        let mut tiles = [Tile::default(); MAX_TILES];
        for (i, t) in tiles.iter_mut().enumerate().take(n) {
            *t = Tile::from_index(i).unwrap_or_default();
        }
        for i in (1..n).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            tiles.swap(i, j);
        }
        let size = self.variant.hand_size.for_players(self.seats) as usize;
        let mut next = 0;
        self.hands = [0; MAX_SEATS];
        for seat in 0..self.seats as usize {
            for t in &tiles[next..next + size] {
                self.hands[seat] |= t.bit();
            }
            next += size;
        }
        self.boneyard = Boneyard::from_tiles(&tiles[next..n]);
        self.layout = Layout::new(self.variant.spinner, self.variant.sniff);
        self.hand_no = hand;
        self.passes = 0;
        self.drawn = None;
        self.history.clear();
        self.phase = Phase::Lead { seat: leader };
        events.push(Event::HandStarted { hand, leader });
    }

    /// The side a seat plays for: itself, or its partnership (0 or 1).
    pub fn side(&self, seat: Seat) -> u8 {
        if self.partnerships { seat % 2 } else { seat }
    }

    /// How many sides score: the seats, or two partnerships.
    pub fn sides(&self) -> u8 {
        if self.partnerships { 2 } else { self.seats }
    }

    /// The points that win.
    pub fn target(&self) -> i32 {
        // Two partnerships play the two-handed target (seed 002: four as partners play to 250).
        let players = if self.partnerships { 2 } else { self.seats };
        self.variant.target.for_players(players) as i32
    }

    /// Score per side.
    pub fn side_scores(&self) -> Vec<i32> {
        self.scores[..self.sides() as usize].to_vec()
    }

    /// Tiles that may still be drawn (the reserve never is).
    pub fn drawable(&self) -> usize {
        match self.variant.no_play {
            NoPlay::Pass => 0,
            NoPlay::Draw => self
                .boneyard
                .len()
                .saturating_sub(self.variant.boneyard_reserve as usize),
        }
    }

    /// The seat expected to act now; in a call window, the first opponent of the scorer (any
    /// opponent may call). `None` when the game is over.
    pub fn actor(&self) -> Option<Seat> {
        match self.phase {
            Phase::Lead { seat } | Phase::Turn { seat } | Phase::Drawn { seat } => Some(seat),
            Phase::Call { scorer, .. } => Some(self.next_seat(scorer)),
            Phase::Over => None,
        }
    }

    /// The seat after `seat` in turn order.
    pub fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.seats
    }

    /// What the open ends would score after this placement (0 for a lead that does not score).
    pub fn points_for(&self, p: Placement) -> u16 {
        points_after(&self.variant, &self.layout, p)
    }

    /// Applies an action; on an error nothing changed.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// Applies an action, appending what happened to `events`; on an error nothing changed and
    /// nothing was appended.
    pub fn apply_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        match action {
            Action::Play {
                tile,
                arm,
                inline,
                announce,
            } => self.play(Placement { tile, arm, inline }, announce, events),
            Action::Draw => self.draw(events),
            Action::Pass => self.pass(events),
            Action::Muggins(caller) => self.call(Some(caller), events),
            Action::Proceed => self.call(None, events),
        }
    }

    fn play(&mut self, p: Placement, said: u16, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = match self.phase {
            Phase::Over => return Err(RuleError::GameOver),
            Phase::Call { .. } => {
                return Err(RuleError::NotNow(
                    "the call window is open: call \"Muggins!\" or proceed".into(),
                ));
            }
            Phase::Drawn { seat } => {
                if self.drawn != Some(p.tile) {
                    return Err(RuleError::MustPlayDrawn(self.drawn.unwrap_or_default()));
                }
                seat
            }
            Phase::Lead { seat } | Phase::Turn { seat } => seat,
        };
        if self.hands[seat as usize] & p.tile.bit() == 0 {
            return Err(RuleError::NotInHand(p.tile));
        }
        let lead = self.layout.is_empty();
        self.layout.place(p).map_err(RuleError::Layout)?;
        self.hands[seat as usize] &= !p.tile.bit();
        self.drawn = None;
        self.passes = 0;
        self.history.push(Logged::Played { seat, placement: p });
        let total = self.layout.ends_total();
        let count = if lead && !self.variant.lead_scores {
            0
        } else {
            self.variant.count.score(total)
        };
        events.push(Event::Played {
            seat,
            placement: p,
            total,
            count,
        });
        let points = count as u16;
        if self.variant.muggins_call != MugginsCall::Off {
            events.push(Event::Announced {
                seat,
                said,
                count: points,
            });
            if points > 0 && said != points {
                self.phase = Phase::Call {
                    scorer: seat,
                    points,
                    said,
                };
                return Ok(());
            }
        }
        if points > 0 && self.score(seat, points as i32, Why::Count { total }, events) {
            return Ok(());
        }
        self.after_play(seat, events);
        Ok(())
    }

    /// The hand goes on after `seat` laid a tile (and any call was settled).
    fn after_play(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.hands[seat as usize] == 0 {
            self.end_hand(HandEnd::Domino(seat), events);
        } else {
            self.phase = Phase::Turn {
                seat: self.next_seat(seat),
            };
        }
    }

    /// Adds points to a seat's side; true when that ends the game. A score never falls below
    /// zero (the seeds' cribbage board and abacus cannot show less than nothing): a loss takes
    /// what there is, and the event says what was taken.
    fn score(&mut self, seat: Seat, points: i32, why: Why, events: &mut Vec<Event>) -> bool {
        let side = self.side(seat);
        let points = points.max(-self.scores[side as usize]);
        if points == 0 {
            return false;
        }
        self.scores[side as usize] += points;
        events.push(Event::Scored {
            seat,
            side,
            points,
            why,
        });
        if points > 0 && self.scores[side as usize] >= self.target() {
            self.finish(side, events);
            return true;
        }
        false
    }

    fn finish(&mut self, side: u8, events: &mut Vec<Event>) {
        let outcome = Outcome {
            winner: side,
            winners: (0..self.seats).filter(|s| self.side(*s) == side).collect(),
            scores: self.side_scores(),
            hands: self.hand_no + 1,
        };
        self.phase = Phase::Over;
        self.drawn = None;
        self.outcome = Some(outcome.clone());
        events.push(Event::GameOver(outcome));
    }

    fn turn_seat(&self) -> Result<Seat, RuleError> {
        match self.phase {
            Phase::Turn { seat } => Ok(seat),
            Phase::Over => Err(RuleError::GameOver),
            Phase::Lead { .. } => Err(RuleError::NotNow("lead a tile".into())),
            Phase::Drawn { .. } => Err(RuleError::NotNow("lay the tile just drawn".into())),
            Phase::Call { .. } => Err(RuleError::NotNow(
                "the call window is open: call \"Muggins!\" or proceed".into(),
            )),
        }
    }

    fn draw(&mut self, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = self.turn_seat()?;
        if self.layout.playable(self.hands[seat as usize]) != 0 {
            return Err(RuleError::CanPlay);
        }
        if self.drawable() == 0 {
            return Err(RuleError::BoneyardEmpty);
        }
        let Some(tile) = self.boneyard.pop() else {
            return Err(RuleError::BoneyardEmpty);
        };
        self.hands[seat as usize] |= tile.bit();
        self.history.push(Logged::Drew { seat });
        events.push(Event::Drew { seat, tile });
        if self.layout.playable(tile.bit()) != 0 {
            self.drawn = Some(tile);
            self.phase = Phase::Drawn { seat };
        }
        Ok(())
    }

    fn pass(&mut self, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = self.turn_seat()?;
        if self.layout.playable(self.hands[seat as usize]) != 0 {
            return Err(RuleError::CanPlay);
        }
        if self.drawable() > 0 {
            return Err(RuleError::MustDraw);
        }
        self.passes += 1;
        self.history.push(Logged::Passed { seat });
        events.push(Event::Passed { seat });
        if self.passes >= self.seats {
            self.end_hand(HandEnd::Blocked, events);
        } else {
            self.phase = Phase::Turn {
                seat: self.next_seat(seat),
            };
        }
        Ok(())
    }

    /// A "Muggins!" call by `caller`, or the window closing (`None`).
    fn call(&mut self, caller: Option<Seat>, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let Phase::Call { scorer, points, .. } = self.phase else {
            return Err(match self.phase {
                Phase::Over => RuleError::GameOver,
                _ => RuleError::NotNow("no count waits for a call".into()),
            });
        };
        let total = self.layout.ends_total();
        let ended = match caller {
            None => self.score(scorer, points as i32, Why::Count { total }, events),
            Some(c) => {
                if c >= self.seats || self.side(c) == self.side(scorer) {
                    return Err(RuleError::NotAnOpponent(c));
                }
                let stolen = self.variant.muggins_call == MugginsCall::Steal;
                events.push(Event::MugginsCalled {
                    caller: c,
                    scorer,
                    points,
                    stolen,
                });
                stolen
                    && self.score(
                        c,
                        points as i32,
                        Why::Stolen {
                            from: scorer,
                            total,
                        },
                        events,
                    )
            }
        };
        if !ended {
            self.after_play(scorer, events);
        }
        Ok(())
    }

    /// Pips left in a seat's hand.
    pub fn pips(&self, seat: Seat) -> u32 {
        pips_of(self.hands[seat as usize])
    }

    /// Scores the end of the hand and deals the next unless the target was reached.
    fn end_hand(&mut self, end: HandEnd, events: &mut Vec<Event>) {
        let pips: Vec<u32> = (0..self.seats).map(|s| self.pips(s)).collect();
        let winner = match end {
            HandEnd::Domino(seat) => Some(seat),
            HandEnd::Blocked => self.lowest_hand(&pips),
        };
        let side_pips = |game: &Self, side: u8, same: bool| -> u32 {
            (0..game.seats)
                .filter(|s| (game.side(*s) == side) == same)
                .map(|s| pips[s as usize])
                .sum()
        };
        let mut over = false;
        match self.variant.hand_bonus {
            HandBonus::LoseOwnPips => {
                for seat in 0..self.seats {
                    let lost = round5(pips[seat as usize]);
                    if lost > 0 {
                        self.score(
                            seat,
                            -(lost as i32),
                            Why::PipsLeft {
                                pips: pips[seat as usize],
                            },
                            events,
                        );
                    }
                }
            }
            HandBonus::WinnerTakesOthers => {
                if let Some(w) = winner {
                    let gain = round5(side_pips(self, self.side(w), false));
                    over = gain > 0 && self.score(w, gain as i32, Why::Bonus, events);
                }
            }
            HandBonus::WinnerTakesDifferenceFifths => {
                if let Some(w) = winner {
                    let side = self.side(w);
                    let diff =
                        side_pips(self, side, false).saturating_sub(side_pips(self, side, true));
                    let gain = round5(diff) / 5;
                    over = gain > 0 && self.score(w, gain as i32, Why::Bonus, events);
                }
            }
            HandBonus::OnePointForGoingOut => {
                if let HandEnd::Domino(w) = end {
                    over = self.score(w, 1, Why::Bonus, events);
                }
            }
        }
        events.push(Event::HandEnded { end, winner, pips });
        if over {
            return;
        }
        let hand = self.hand_no + 1;
        let leader = match end {
            HandEnd::Domino(seat) => seat,
            HandEnd::Blocked => self.lot(hand),
        };
        self.deal(hand, leader, events);
    }

    /// The seat with the lowest count in a blocked hand; `None` on a tie between sides.
    fn lowest_hand(&self, pips: &[u32]) -> Option<Seat> {
        let low = *pips.iter().min()?;
        let mut holders = (0..self.seats).filter(|s| pips[*s as usize] == low);
        let first = holders.next()?;
        let side = self.side(first);
        holders.all(|s| self.side(s) == side).then_some(first)
    }

    /// What the game waits for, in words.
    pub fn expecting(&self) -> String {
        match self.phase {
            Phase::Lead { seat } => format!("seat {seat} to lead"),
            Phase::Turn { seat } => format!("seat {seat} to play, draw or pass"),
            Phase::Drawn { seat } => format!("seat {seat} to lay the tile just drawn"),
            Phase::Call { scorer, .. } => {
                format!("a \"Muggins!\" call on seat {scorer}'s count, or proceed")
            }
            Phase::Over => "nothing: the game is over".into(),
        }
    }

    /// Every placement the actor may make now, into `out` (cleared first).
    pub fn placements_into(&self, out: &mut Vec<Placement>) {
        out.clear();
        match self.phase {
            Phase::Lead { seat } | Phase::Turn { seat } => {
                self.layout.placements_into(self.hands[seat as usize], out)
            }
            Phase::Drawn { .. } => {
                if let Some(t) = self.drawn {
                    self.layout.placements_into(t.bit(), out)
                }
            }
            Phase::Call { .. } | Phase::Over => {}
        }
    }

    /// Every legal action now, into `out` (cleared first). Plays are listed announcing their
    /// true count; with calls on, a count of 0 may also be announced (saying nothing), and any
    /// other number is accepted too (a wrong announcement).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Call { scorer, .. } => {
                out.push(Action::Proceed);
                out.extend(
                    (0..self.seats)
                        .filter(|s| self.side(*s) != self.side(scorer))
                        .map(Action::Muggins),
                );
            }
            Phase::Lead { seat } | Phase::Turn { seat } | Phase::Drawn { seat } => {
                let hand = match self.drawn {
                    Some(t) if matches!(self.phase, Phase::Drawn { .. }) => t.bit(),
                    _ => self.hands[seat as usize],
                };
                if self.layout.playable(hand) == 0 {
                    out.push(if self.drawable() > 0 {
                        Action::Draw
                    } else {
                        Action::Pass
                    });
                    return;
                }
                let calls = self.variant.muggins_call != MugginsCall::Off;
                self.layout.for_each_placement(hand, |p| {
                    if calls {
                        let points = self.points_for(p);
                        out.push(Action::play_announcing(p, points));
                        if points > 0 {
                            out.push(Action::play(p));
                        }
                    } else {
                        out.push(Action::play(p));
                    }
                });
            }
        }
    }

    /// Every legal action now (see [`legal_actions_into`](Self::legal_actions_into)).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// What `seat` may know now.
    pub fn view(&self, seat: Seat) -> View {
        let own_drawn = matches!(self.phase, Phase::Drawn { seat: s } if s == seat);
        View {
            seat,
            variant: self.variant,
            seats: self.seats,
            partnerships: self.partnerships,
            hand_no: self.hand_no,
            hand: tiles_of(self.hands.get(seat as usize).copied().unwrap_or(0)).collect(),
            drawn: self.drawn.filter(|_| own_drawn),
            layout: self.layout,
            tiles_held: (0..self.seats)
                .map(|s| self.hands[s as usize].count_ones() as u8)
                .collect(),
            boneyard: self.boneyard.len() as u8,
            drawable: self.drawable() as u8,
            history: self.history.clone(),
            scores: self.side_scores(),
            target: self.target(),
            phase: self.phase,
        }
    }
}
