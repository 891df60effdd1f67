//! The dominoes table's part of the referee: whose hand is shown (and the pass screen between
//! human seats sharing the screen), the "Muggins!" window's countdown for human opponents, the
//! end of a hand with every hand turned face up, and what the table does for a human seat when
//! the settings ask (draw or pass, the only play). The layout's geometry follows the plays. The
//! generic [`Referee`] holds the game; nothing here decides a rule.

use bevy::prelude::*;

use crate::ai::Difficulty;
use crate::ai::dominoes::DominoesAi;
use crate::game::sound::Voice;
use crate::game::table::{AiMove, Happened, Intent, Played, Referee, seat_name};
use crate::physics::Flick;
use crate::physics::tiles::{Slot, TableLayout};
use crate::rules::dominoes::tile::tiles_of;
use crate::rules::dominoes::{
    Action, DominoesGame, Event, HandEnd, MAX_SEATS, Mask, MugginsCall, Phase, Placement, Seat,
    Tile, Why, round5,
};

/// How long the human opponents have to call "Muggins!", seconds.
pub const WINDOW_S: f32 = 6.0;
/// How long a hand's end stays up at a table with no human seat, seconds.
pub const REVEAL_S: f32 = 5.0;
/// How long a scoring play is called out, seconds.
pub const CALL_OUT_S: f32 = 2.5;

/// The referee of a dominoes table.
pub type DominoesPlay = Referee<DominoesGame>;
/// What a seat at a dominoes table wants to do.
pub type DominoesIntent = Intent<Action>;
/// Something the dominoes rules did.
pub type DominoesHappened = Happened<Event>;

/// A finished hand, turned face up: what each seat held, the pips, and what the rules scored.
#[derive(Clone, Debug, PartialEq)]
pub struct HandReveal {
    /// The hand's number, from 1.
    pub hand: u32,
    pub end: HandEnd,
    /// The seat paid the bonus.
    pub winner: Option<Seat>,
    /// Each seat's tiles at the end.
    pub hands: Vec<Vec<Tile>>,
    pub pips: Vec<u32>,
    /// What the end scored: (seat, points, why), as the rules said.
    pub scored: Vec<(Seat, i32, Why)>,
    /// The layout as it ended.
    pub slots: Vec<Slot>,
    /// The sides' scores after the hand.
    pub scores: Vec<i32>,
    pub target: i32,
}

/// The dominoes table's moving parts: whose hand shows, the call window, the hand's end.
pub struct DominoesTable {
    /// The current hand's layout, laid out on the table.
    pub geometry: TableLayout,
    /// The human seat whose hand is shown face up; `None` while hands are covered.
    pub viewer: Option<Seat>,
    /// A pass screen waits for this seat's player to say they are ready.
    pub pass_to: Option<Seat>,
    /// Every human hand face up (the table's "open hands" option).
    pub open_hands: bool,
    /// Draw or pass for a human seat that cannot play.
    pub auto_draw: bool,
    /// Make a human seat's only legal play for it.
    pub auto_play: bool,
    /// What everyone at the table saw happen, in order (no private tile in it).
    pub public: Vec<String>,
    /// Per seat: how much of [`public`](Self::public) its player had seen when last shown
    /// its hand.
    pub looked: Vec<usize>,
    /// Seconds left for human opponents to call "Muggins!".
    pub window_left: f32,
    window_asked: bool,
    passed: Vec<bool>,
    /// The record's length when the open window opened.
    window_at: Option<usize>,
    /// The hand just ended, face up until a human moves on (or a while, with none).
    pub reveal: Option<HandReveal>,
    pub reveal_for: f32,
    /// The last tile played and by whom.
    pub last: Option<(Seat, Tile)>,
    /// The seat that just drew, for the tile's slide to its rack.
    pub drew: Option<Seat>,
    /// The last scoring play called out, and for how much longer.
    pub call_out: Option<(String, f32)>,
    /// Each seat's hand after the previous action (a hand's end shows them).
    hands_before: [Mask; MAX_SEATS],
    /// Points each side made in each hand so far (the score sheet), the current hand last.
    pub hand_points: Vec<Vec<i32>>,
}

impl DominoesTable {
    /// A key that changes whenever what the table shows changes beyond the rules' state.
    pub fn view_key(&self) -> u64 {
        let seat = |s: Option<Seat>| s.map_or(0, |s| s as u64 + 1);
        seat(self.viewer) | seat(self.pass_to) << 8 | (self.reveal.is_some() as u64) << 16
    }
}

/// One open end a chosen tile may go on: the play, what it would score, where it would lie.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EndChoice {
    pub placement: Placement,
    pub points: u16,
    pub slot: Slot,
}

impl Referee<DominoesGame> {
    /// The human seats.
    pub fn humans(&self) -> Vec<Seat> {
        (0..self.game.seats).filter(|s| self.is_human(*s)).collect()
    }

    /// The seat that must lay a tile, draw or pass now (none in a call window).
    pub fn mover(&self) -> Option<Seat> {
        match self.game.phase {
            Phase::Lead { seat } | Phase::Turn { seat } | Phase::Drawn { seat } => Some(seat),
            _ => None,
        }
    }

    /// Whether `seat` may act on its hand now: its move, nothing covering the table.
    pub fn may_move(&self, seat: Seat) -> bool {
        self.mover() == Some(seat) && self.table.pass_to.is_none() && self.table.reveal.is_none()
    }

    /// Whether `seat`'s tiles are shown face up at the table now.
    pub fn face_up(&self, seat: Seat) -> bool {
        if self.table.reveal.is_some() {
            return true;
        }
        if self.table.pass_to.is_some() || !self.is_human(seat) {
            return false;
        }
        self.table.open_hands || self.table.viewer == Some(seat)
    }

    /// The human seats that may still call "Muggins!" in the open window.
    pub fn may_speak(&self) -> Vec<Seat> {
        let Phase::Call { scorer, .. } = self.game.phase else {
            return Vec::new();
        };
        (0..self.game.seats)
            .filter(|s| {
                self.game.side(*s) != self.game.side(scorer)
                    && self.is_human(*s)
                    && !self.table.passed.get(*s as usize).copied().unwrap_or(true)
            })
            .collect()
    }

    /// Whether the call window is still counting down for human opponents.
    pub fn window_open(&self) -> bool {
        matches!(self.game.phase, Phase::Call { .. }) && self.table.window_left > 0.0
    }

    /// The placements `seat` may make now (none when it is not its move).
    pub fn placements(&self, seat: Seat) -> Vec<Placement> {
        let mut out = Vec::new();
        if self.may_move(seat) {
            self.game.placements_into(&mut out);
        }
        out
    }

    /// The open ends `tile` may go on for `seat` now, each with its score and where it would lie.
    pub fn ends_for(&self, seat: Seat, tile: Tile) -> Vec<EndChoice> {
        self.placements(seat)
            .into_iter()
            .filter(|p| p.tile == tile)
            .filter_map(|placement| {
                let slot = self.table.geometry.clone().lay(placement)?;
                Some(EndChoice {
                    placement,
                    points: self.game.points_for(placement),
                    slot,
                })
            })
            .collect()
    }

    /// Whether counts are announced (and "Muggins!" called) at this table.
    pub fn calls(&self) -> bool {
        self.game.variant.muggins_call != MugginsCall::Off
    }

    /// The one thing `seat` may do when it has no tile to play: draw, or pass, as the rules
    /// list it.
    pub fn no_play(&self, seat: Seat) -> Option<Action> {
        if !self.may_move(seat) {
            return None;
        }
        self.game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Draw | Action::Pass))
    }

    /// What happened at the table since `seat`'s player last looked at their hand.
    pub fn since_looked(&self, seat: Seat) -> &[String] {
        let from = self.table.looked.get(seat as usize).copied().unwrap_or(0);
        &self.table.public[from.min(self.table.public.len())..]
    }

    /// Whose hand is shown and whether a pass screen must cover it, after every action.
    fn look(&mut self) {
        let humans = self.humans();
        let needs = self.mover().filter(|s| self.is_human(*s));
        let t = &mut self.table;
        if humans.len() <= 1 || t.open_hands {
            t.pass_to = None;
            t.viewer = needs.or(t.viewer).or(humans.first().copied());
        } else if let Some(s) = needs
            && t.viewer != Some(s)
            && t.pass_to != Some(s)
        {
            // A different human acts: every hand is covered until they are ready.
            t.pass_to = Some(s);
            t.viewer = None;
        }
        if let Some(v) = t.viewer
            && let Some(l) = t.looked.get_mut(v as usize)
        {
            *l = t.public.len();
        }
    }

    /// The pass screen's player is ready: their hand is shown.
    fn ready(&mut self, seat: Seat) {
        if self.table.pass_to == Some(seat) {
            self.table.pass_to = None;
            self.table.viewer = Some(seat);
            if let Some(l) = self.table.looked.get_mut(seat as usize) {
                *l = self.table.public.len();
            }
        }
    }

    fn let_pass(&mut self, seat: Seat) {
        if let Some(p) = self.table.passed.get_mut(seat as usize) {
            *p = true;
        }
        if self.may_speak().is_empty() {
            self.table.window_left = 0.0;
        }
    }

    /// The hand that just ended, face up, from the hands before its last action.
    fn reveal_hand(&mut self, events: &[Event]) {
        let Some((end, winner, pips)) = events.iter().find_map(|e| match e {
            Event::HandEnded { end, winner, pips } => Some((*end, *winner, pips.clone())),
            _ => None,
        }) else {
            return;
        };
        let mut hands = self.table.hands_before;
        for e in events {
            if let Event::Played {
                seat, placement, ..
            } = e
            {
                hands[*seat as usize] &= !placement.tile.bit();
            }
        }
        let mut scored = Vec::new();
        let mut after_end = false;
        for e in events {
            match e {
                Event::HandEnded { .. } => after_end = true,
                Event::Scored {
                    seat, points, why, ..
                } if matches!(why, Why::Bonus | Why::PipsLeft { .. }) && !after_end => {
                    scored.push((*seat, *points, *why));
                }
                _ => {}
            }
        }
        let hand = events
            .iter()
            .find_map(|e| match e {
                Event::HandStarted { hand, .. } => Some(*hand),
                _ => None,
            })
            .unwrap_or(self.game.hand_no + 1);
        self.table.reveal = Some(HandReveal {
            hand,
            end,
            winner,
            hands: (0..self.game.seats as usize)
                .map(|s| tiles_of(hands[s]).collect())
                .collect(),
            pips,
            scored,
            slots: self.table.geometry.slots().to_vec(),
            scores: self.game.side_scores(),
            target: self.game.target(),
        });
        self.table.reveal_for = 0.0;
    }

    /// Seat `seat`'s hand in the order its player sorted it.
    pub fn hand(&self, seat: Seat, sort: HandSort) -> Vec<Tile> {
        let mut tiles: Vec<Tile> = match &self.table.reveal {
            Some(r) => r.hands.get(seat as usize).cloned().unwrap_or_default(),
            None => tiles_of(self.game.hands[seat as usize]).collect(),
        };
        sort.apply(&mut tiles);
        tiles
    }

    /// The laid tiles as the table shows them (the last hand's, while it is face up).
    pub fn shown_slots(&self) -> &[Slot] {
        match &self.table.reveal {
            Some(r) => &r.slots,
            None => self.table.geometry.slots(),
        }
    }

    /// Tiles in each seat's hand as the table shows them.
    pub fn shown_counts(&self) -> Vec<usize> {
        match &self.table.reveal {
            Some(r) => r.hands.iter().map(Vec::len).collect(),
            None => (0..self.game.seats as usize)
                .map(|s| self.game.hands[s].count_ones() as usize)
                .collect(),
        }
    }
}

/// How a player sorts their hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HandSort {
    /// By the higher number, then the lower.
    #[default]
    Numbers,
    /// Heaviest first.
    Weight,
    /// Doubles first, then by numbers.
    Doubles,
}

impl HandSort {
    pub fn next(self) -> HandSort {
        match self {
            HandSort::Numbers => HandSort::Weight,
            HandSort::Weight => HandSort::Doubles,
            HandSort::Doubles => HandSort::Numbers,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            HandSort::Numbers => "by numbers",
            HandSort::Weight => "heaviest first",
            HandSort::Doubles => "doubles first",
        }
    }

    pub fn apply(self, tiles: &mut [Tile]) {
        match self {
            HandSort::Numbers => tiles.sort_by_key(|t| (t.high(), t.low())),
            HandSort::Weight => {
                tiles.sort_by_key(|t| (std::cmp::Reverse(t.total()), std::cmp::Reverse(t.high())))
            }
            HandSort::Doubles => tiles.sort_by_key(|t| (!t.is_double(), t.high(), t.low())),
        }
    }
}

/// What each human seat has chosen in its hand: the sort, the tile, the end, the count it
/// will announce. The HUD, the mouse and the gamepads share it.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct HandChoices(pub Vec<HandChoice>);

#[derive(Default, Debug, Clone, PartialEq)]
pub struct HandChoice {
    pub sort: HandSort,
    /// The chosen tile.
    pub tile: Option<Tile>,
    /// The chosen end among the tile's [`EndChoice`]s.
    pub end: usize,
    /// The count the player will say as the tile goes down: empty says nothing.
    pub announce: String,
    /// A Sniff double whose end was chosen: in line or crosswise is asked.
    pub sniff: Option<(Tile, u8)>,
}

impl HandChoices {
    pub fn of(&mut self, seat: Seat) -> &mut HandChoice {
        if self.0.len() <= seat as usize {
            self.0.resize(seat as usize + 1, HandChoice::default());
        }
        &mut self.0[seat as usize]
    }

    pub fn get(&self, seat: Seat) -> HandChoice {
        self.0.get(seat as usize).cloned().unwrap_or_default()
    }
}

impl HandChoice {
    /// The count said aloud: the number typed, 0 (nothing said) when empty or not a number.
    pub fn said(&self) -> u16 {
        self.announce.trim().parse().unwrap_or(0)
    }

    /// The play of `placement`, announcing what the player typed where counts are announced.
    pub fn play(&self, placement: Placement, calls: bool) -> Action {
        if calls {
            Action::play_announcing(placement, self.said())
        } else {
            Action::play(placement)
        }
    }
}

/// The table's options as the game starts: from the setup (open hands) and the settings.
pub(super) fn seat_table(
    play: Option<ResMut<DominoesPlay>>,
    table: Res<crate::game::Table>,
    settings: Option<Res<crate::settings::Settings>>,
    mut choices: ResMut<HandChoices>,
) {
    let Some(mut play) = play else { return };
    play.table.open_hands = table.open_hands;
    if let Some(s) = settings {
        play.table.auto_draw = s.table.auto_draw;
        play.table.auto_play = s.table.auto_play;
    }
    *choices = HandChoices::default();
    play.look();
}

impl Played for DominoesGame {
    type Table = DominoesTable;
    type Ai = DominoesAi;

    fn new_table(game: &DominoesGame) -> DominoesTable {
        let seats = game.seats as usize;
        DominoesTable {
            geometry: TableLayout::new(game.variant.spinner, game.variant.sniff),
            viewer: None,
            pass_to: None,
            open_hands: false,
            auto_draw: false,
            auto_play: false,
            public: Vec::new(),
            looked: vec![0; seats],
            window_left: 0.0,
            window_asked: false,
            passed: vec![false; seats],
            window_at: None,
            reveal: None,
            reveal_for: 0.0,
            last: None,
            drew: None,
            call_out: None,
            hands_before: game.hands,
            hand_points: vec![vec![0; game.sides() as usize]],
        }
    }

    fn new_ai(level: Difficulty, seed: u64) -> DominoesAi {
        DominoesAi::new(level, seed)
    }

    fn describe(event: &Event) -> String {
        describe(event)
    }

    fn may_act(r: &DominoesPlay, seat: Seat, action: &Action) -> bool {
        match *action {
            // An opponent calls for itself: a human while the window counts down, an AI when
            // the table asks it.
            Action::Muggins(by) => {
                by == seat
                    && match r.game.phase {
                        Phase::Call { scorer, .. } => {
                            if r.is_human(seat) {
                                r.window_open() && r.may_speak().contains(&seat)
                            } else {
                                r.game.side(seat) != r.game.side(scorer)
                            }
                        }
                        _ => false,
                    }
            }
            // The window closes by itself.
            Action::Proceed => false,
            _ => r.may_move(seat),
        }
    }

    fn throw(_: &mut DominoesPlay, seat: Seat, _: Option<Flick>) -> Result<(), String> {
        Err(format!(
            "{}: nothing is thrown at dominoes",
            seat_name(seat)
        ))
    }

    fn pass(r: &mut DominoesPlay, seat: Seat) {
        if r.table.reveal.is_some() {
            if r.is_human(seat) {
                r.table.reveal = None;
                r.look();
            }
        } else if r.table.pass_to == Some(seat) {
            r.ready(seat);
        } else {
            r.let_pass(seat);
        }
    }

    fn applied(r: &mut DominoesPlay, events: &[Event]) {
        r.table.drew = None;
        for e in events {
            match e {
                Event::Played {
                    seat, placement, ..
                } => {
                    r.table.geometry.lay(*placement);
                    r.table.last = Some((*seat, placement.tile));
                }
                Event::Drew { seat, .. } => r.table.drew = Some(*seat),
                Event::HandEnded { .. } => {
                    let sides = r.game.sides() as usize;
                    r.table.hand_points.push(vec![0; sides]);
                }
                Event::Scored { side, points, .. } => {
                    if let Some(cell) = r
                        .table
                        .hand_points
                        .last_mut()
                        .and_then(|h| h.get_mut(*side as usize))
                    {
                        *cell += points;
                    }
                }
                _ => {}
            }
            match e {
                Event::Scored {
                    seat,
                    points,
                    why: Why::Count { .. } | Why::Stolen { .. },
                    ..
                } => {
                    r.table.call_out =
                        Some((format!("{} scores {points}", seat_name(*seat)), CALL_OUT_S));
                }
                Event::MugginsCalled { caller, .. } => {
                    r.table.call_out = Some((
                        format!("Muggins! called by {}", seat_name(*caller)),
                        CALL_OUT_S,
                    ));
                }
                _ => {}
            }
            r.table.public.push(describe(e));
        }
        if events.iter().any(|e| matches!(e, Event::HandEnded { .. })) {
            r.reveal_hand(events);
        }
        if events
            .iter()
            .any(|e| matches!(e, Event::HandStarted { .. }))
        {
            let v = r.game.variant;
            r.table.geometry = TableLayout::new(v.spinner, v.sniff);
            r.table.last = None;
        }
        r.table.hands_before = r.game.hands;
        // A new call window: human opponents get their countdown, AI seats speak anew.
        if matches!(r.game.phase, Phase::Call { .. }) {
            let at = r.record.actions.len();
            if r.table.window_at != Some(at) {
                r.table.window_at = Some(at);
                r.table.window_asked = false;
                r.table.passed.iter_mut().for_each(|p| *p = false);
                r.table.window_left = if r.may_speak().is_empty() {
                    0.0
                } else {
                    WINDOW_S
                };
            }
        } else {
            r.table.window_at = None;
            r.table.window_left = 0.0;
        }
        r.look();
    }

    fn step(r: &mut DominoesPlay, dt: f32) -> Option<Action> {
        r.table.window_left = (r.table.window_left - dt).max(0.0);
        if let Some((_, left)) = &mut r.table.call_out {
            *left -= dt;
            if *left <= 0.0 {
                r.table.call_out = None;
            }
        }
        if r.table.reveal.is_some() {
            r.table.reveal_for += dt;
            // With nobody to move on, the table does after a while (not once the game is over:
            // the end stays up until the results).
            if r.humans().is_empty()
                && r.game.outcome.is_none()
                && r.table.reveal_for >= REVEAL_S * r.pace
            {
                r.table.reveal = None;
                r.look();
            }
        }
        None
    }

    fn busy(r: &DominoesPlay) -> bool {
        r.table.reveal.is_some() || r.table.pass_to.is_some()
    }

    fn ai_turn(r: &mut DominoesPlay) -> Option<AiMove<Action>> {
        if let Phase::Call { scorer, .. } = r.game.phase {
            // The AI opponents speak first, in turn order after the scorer.
            if !r.table.window_asked {
                r.table.window_asked = true;
                let n = r.game.seats;
                for k in 1..n {
                    let s = (scorer + k) % n;
                    if r.is_human(s) || r.game.side(s) == r.game.side(scorer) {
                        continue;
                    }
                    let view = r.game.view(s);
                    if let Some(Action::Muggins(by)) = r.ais[s as usize].act(&view) {
                        return Some(AiMove::Seat(Intent::Act {
                            seat: s,
                            action: Action::Muggins(by),
                        }));
                    }
                }
                r.ai_wait = crate::game::table::AI_PAUSE_S * r.pace;
                return None;
            }
            if r.table.window_left > 0.0 {
                return None;
            }
            return Some(AiMove::Table(Action::Proceed));
        }
        let seat = r.mover()?;
        if r.is_human(seat) {
            return auto_move(r, seat).map(|action| AiMove::Seat(Intent::Act { seat, action }));
        }
        let view = r.game.view(seat);
        let action = r.ais[seat as usize].act(&view)?;
        Some(AiMove::Seat(Intent::Act { seat, action }))
    }

    fn cue(_event: &Self::Event) -> Option<Voice> {
        // A tile's clack is its live body's impact.
        None
    }

    fn controls_key(play: &DominoesPlay) -> u64 {
        let phase = match play.game.phase {
            Phase::Lead { .. } => 1,
            Phase::Turn { .. } => 2,
            Phase::Drawn { .. } => 3,
            Phase::Call { .. } => 4,
            Phase::Over => 5,
        };
        let seat = |s: Option<Seat>| s.map_or(0, |s| s as u64 + 1);
        phase
            | seat(play.mover()) << 8
            | (play.window_open() as u64) << 16
            | play.table.view_key() << 24
    }

    fn replaying(_: &mut DominoesPlay, _: &Action) {}

    fn carry_over(old: &DominoesTable, new: &mut DominoesTable) {
        new.open_hands = old.open_hands;
        new.auto_draw = old.auto_draw;
        new.auto_play = old.auto_play;
        new.viewer = old.viewer;
    }
}

/// What the table does for a human seat, as its settings ask: draw or pass when it cannot play,
/// or make its only play (announcing the true count).
fn auto_move(r: &DominoesPlay, seat: Seat) -> Option<Action> {
    if !r.may_move(seat) {
        return None;
    }
    if r.table.auto_draw
        && let Some(a) = r.no_play(seat)
    {
        return Some(a);
    }
    if r.table.auto_play
        && let [only] = r.placements(seat)[..]
    {
        let points = r.game.points_for(only);
        return Some(if r.calls() {
            Action::play_announcing(only, points)
        } else {
            Action::play(only)
        });
    }
    None
}

/// What a hand's end did to one seat's score, in words: "14 pips, rounded to 15: −15".
pub fn end_line(reveal: &HandReveal, seat: Seat) -> String {
    let pips = reveal.pips.get(seat as usize).copied().unwrap_or(0);
    let mut parts = vec![format!("{pips} pips")];
    for (s, points, why) in &reveal.scored {
        if *s != seat {
            continue;
        }
        match why {
            Why::PipsLeft { pips } => {
                parts.push(format!("rounded to {}: {points}", round5(*pips)));
            }
            Why::Bonus => parts.push(format!("bonus +{points}")),
            _ => {}
        }
    }
    parts.join(", ")
}

/// A line for the log (and the pass screen's "since you last looked"): never a private tile.
pub fn describe(e: &Event) -> String {
    let s = |seat: &Seat| seat_name(*seat);
    match e {
        Event::LeadDraw { seat, tile } => format!("{} draws {tile} for the lead", s(seat)),
        Event::HandStarted { hand, leader } => {
            format!("Hand {} is dealt: {} leads", hand + 1, s(leader))
        }
        Event::Played {
            seat,
            placement,
            total,
            count,
        } => {
            let how = if placement.tile.is_double() && placement.inline {
                " in line"
            } else {
                ""
            };
            if *count > 0 {
                format!(
                    "{} plays {}{how}: the ends make {total}, worth {count}",
                    s(seat),
                    placement.tile
                )
            } else {
                format!(
                    "{} plays {}{how}: the ends make {total}",
                    s(seat),
                    placement.tile
                )
            }
        }
        Event::Drew { seat, .. } => format!("{} draws from the boneyard", s(seat)),
        Event::Passed { seat } => format!("{} passes", s(seat)),
        Event::Announced { seat, said, .. } => {
            if *said == 0 {
                format!("{} says nothing", s(seat))
            } else {
                format!("{} says {said}", s(seat))
            }
        }
        Event::Scored {
            seat, points, why, ..
        } => match why {
            Why::Count { total } => format!("{} scores {points} ({total} on the ends)", s(seat)),
            Why::Stolen { from, .. } => {
                format!("{} steals {points} from {}", s(seat), s(from))
            }
            Why::Bonus => format!("{} takes a bonus of {points}", s(seat)),
            Why::PipsLeft { pips } => {
                format!("{} loses {} for {pips} pips left", s(seat), -points)
            }
        },
        Event::MugginsCalled {
            caller,
            scorer,
            points,
            stolen,
        } => {
            if *stolen {
                format!(
                    "Muggins! {} caught {}'s count of {points} and takes it",
                    s(caller),
                    s(scorer)
                )
            } else {
                format!(
                    "Muggins! {} caught {}'s count: the {points} is lost",
                    s(caller),
                    s(scorer)
                )
            }
        }
        Event::HandEnded { end, .. } => match end {
            HandEnd::Domino(seat) => format!("{} is out: domino!", s(seat)),
            HandEnd::Blocked => "The hand is blocked".into(),
        },
        Event::GameOver(o) => {
            let who: Vec<String> = o.winners.iter().map(s).collect();
            format!("Game over: {} win(s)", who.join(" and "))
        }
    }
}
