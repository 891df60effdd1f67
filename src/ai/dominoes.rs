//! Dominoes players. Easy plays mostly at random; Normal is greedy on the points a play scores
//! now (the common baseline), shedding heavy tiles between equals; Hard and Expert search with
//! Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012, the single-observer
//! form): every iteration deals the hidden tiles afresh in a way consistent with what the seat has
//! seen, including the numbers a player showed it lacks by drawing or passing, then walks one tree
//! of the seat's information sets and plays the hand out at random. Expert gets the larger budget.
//!
//! A player sees only its seat's [`View`] and never returns an illegal action.

use super::Difficulty;
use crate::rules::dominoes::tile::{full_set, tiles_of, with_pip};
use crate::rules::dominoes::{
    Action, Boneyard, DominoesGame, Event, Layout, Logged, MAX_SEATS, Mask, MugginsCall, Phase,
    Placement, Seat, Tile, View, points_after,
};
use crate::rules::rng::SplitMix;

/// Search iterations per decision.
pub const EXPERT_ITERATIONS: u32 = 2500;
pub const HARD_ITERATIONS: u32 = 400;
/// UCB1's exploration constant.
const EXPLORE: f64 = 0.7;

/// A dominoes player at a level.
#[derive(Clone, Debug)]
pub struct DominoesAi {
    pub level: Difficulty,
    rng: SplitMix,
    /// Search iterations, when not the level's own (tests, tuning).
    iterations: Option<u32>,
}

/// What a seat may do now, as this view shows it: plays announcing their true count, a draw, a
/// pass, or in a call window a call or letting it pass.
pub fn view_actions(view: &View) -> Vec<Action> {
    let mut out = Vec::new();
    match view.phase {
        Phase::Over => {}
        Phase::Call { scorer, .. } => {
            out.push(Action::Proceed);
            if view.side(view.seat) != view.side(scorer) {
                out.push(Action::Muggins(view.seat));
            }
        }
        Phase::Lead { seat } | Phase::Turn { seat } | Phase::Drawn { seat } => {
            if seat != view.seat {
                return out;
            }
            let hand = match view.drawn {
                Some(t) => t.bit(),
                None => view.hand.iter().fold(0, |m, t| m | t.bit()),
            };
            if view.layout.playable(hand) == 0 {
                out.push(if view.drawable > 0 {
                    Action::Draw
                } else {
                    Action::Pass
                });
            } else {
                view.layout
                    .for_each_placement(hand, |p| out.push(play(view, p)));
            }
        }
    }
    out
}

/// A play announcing its true count (where counts are announced).
fn play(view: &View, p: Placement) -> Action {
    if view.variant.muggins_call == MugginsCall::Off {
        Action::play(p)
    } else {
        Action::play_announcing(p, points_after(&view.variant, &view.layout, p))
    }
}

impl DominoesAi {
    pub fn new(level: Difficulty, seed: u64) -> DominoesAi {
        DominoesAi {
            level,
            rng: SplitMix::new(seed, 0xA1D0),
            iterations: None,
        }
    }

    /// The same player searching `n` iterations a decision (Hard and Expert).
    pub fn with_iterations(mut self, n: u32) -> DominoesAi {
        self.iterations = Some(n.max(1));
        self
    }

    /// The seat's action now (`None` when it has nothing to do).
    pub fn act(&mut self, view: &View) -> Option<Action> {
        let actions = view_actions(view);
        if actions.len() <= 1 {
            return actions.first().copied();
        }
        if let Phase::Call { .. } = view.phase {
            // A missed count is always worth calling; Easy is slow to notice half the time.
            let call = self.level != Difficulty::Easy || self.rng.below(2) == 0;
            return Some(if call {
                Action::Muggins(view.seat)
            } else {
                Action::Proceed
            });
        }
        let a = match self.level {
            Difficulty::Easy => {
                if self.rng.below(4) == 0 {
                    greedy(view, &actions)
                } else {
                    actions[self.rng.below(actions.len() as u32) as usize]
                }
            }
            Difficulty::Normal => greedy(view, &actions),
            Difficulty::Hard => {
                let n = self.iterations.unwrap_or(HARD_ITERATIONS);
                self.search(view, &actions, n)
            }
            Difficulty::Expert => {
                let n = self.iterations.unwrap_or(EXPERT_ITERATIONS);
                self.search(view, &actions, n)
            }
        };
        // Easy sometimes forgets to say its count.
        Some(match a {
            Action::Play { announce, .. }
                if announce > 0 && self.level == Difficulty::Easy && self.rng.below(4) == 0 =>
            {
                a.placement().map(Action::play).unwrap_or(a)
            }
            _ => a,
        })
    }

    /// SO-ISMCTS from this view.
    fn search(&mut self, view: &View, actions: &[Action], iterations: u32) -> Action {
        let voids = voids(view);
        let mut tree = Tree::new(view.seat);
        let mut events = Vec::with_capacity(16);
        let mut legal = Vec::with_capacity(32);
        let mut path = Vec::with_capacity(64);
        for _ in 0..iterations {
            let mut game = determinize(view, &voids, &mut self.rng);
            let hand = game.hand_no;
            let mut gained = vec![0i64; game.sides() as usize];
            path.clear();
            let mut node = 0;
            let mut expanded = false;
            // Selection and expansion.
            while game.hand_no == hand && game.outcome.is_none() {
                let Some(actor) = game.actor() else { break };
                sim_actions(&game, &mut legal);
                if legal.is_empty() {
                    break;
                }
                let pick = tree.select_or_expand(node, actor, &legal, &mut self.rng);
                let (child, action, new) = pick;
                events.clear();
                if game.apply_into(action, &mut events).is_err() {
                    break;
                }
                add_points(&events, &mut gained);
                path.push(child);
                node = child;
                if new {
                    expanded = true;
                    break;
                }
            }
            // Rollout: random to the end of the hand.
            if expanded {
                while game.hand_no == hand && game.outcome.is_none() {
                    sim_actions(&game, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let a = legal[self.rng.below(legal.len() as u32) as usize];
                    events.clear();
                    if game.apply_into(a, &mut events).is_err() {
                        break;
                    }
                    add_points(&events, &mut gained);
                }
            }
            for &n in &path {
                let seat = tree.nodes[n].mover;
                let r = reward(&game, seat, &gained);
                tree.nodes[n].visits += 1;
                tree.nodes[n].reward += r;
            }
        }
        // The most visited of the root's moves that are legal now.
        tree.nodes[0]
            .children
            .iter()
            .map(|c| &tree.nodes[*c])
            .filter(|c| actions.contains(&c.action))
            .max_by_key(|c| c.visits)
            .map(|c| c.action)
            .unwrap_or_else(|| greedy(view, actions))
    }
}

/// Greedy: the play that scores most now; between equals the heaviest tile (fewer pips left to
/// pay for); otherwise the first action.
pub fn greedy(view: &View, actions: &[Action]) -> Action {
    actions
        .iter()
        .copied()
        .max_by_key(|a| match a.placement() {
            Some(p) => (
                points_after(&view.variant, &view.layout, p),
                p.tile.total(),
                u8::MAX - p.arm,
            ),
            None => (0, 0, 0),
        })
        .unwrap_or(Action::Pass)
}

fn add_points(events: &[Event], gained: &mut [i64]) {
    for e in events {
        if let Event::Scored { side, points, .. } = e
            && let Some(g) = gained.get_mut(*side as usize)
        {
            *g += *points as i64;
        }
    }
}

/// A result in [0, 1] for `seat`: its side's points this hand against the best other side's.
fn reward(game: &DominoesGame, seat: Seat, gained: &[i64]) -> f64 {
    let mine = game.side(seat) as usize;
    let best_other = gained
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != mine)
        .map(|(_, g)| *g)
        .max()
        .unwrap_or(0);
    let won = game.outcome.as_ref().map(|o| o.winner as usize);
    let bonus = match won {
        Some(w) if w == mine => 200.0,
        Some(_) => -200.0,
        None => 0.0,
    };
    let diff = (gained[mine] - best_other) as f64 + bonus;
    (0.5 + diff / 120.0).clamp(0.0, 1.0)
}

/// The actions a simulated seat considers: as [`view_actions`], for whoever acts.
fn sim_actions(game: &DominoesGame, out: &mut Vec<Action>) {
    out.clear();
    match game.phase {
        Phase::Over => {}
        Phase::Call { scorer, .. } => {
            // Simulated opponents always call a missed count.
            out.push(Action::Muggins(game.next_seat(scorer)));
        }
        Phase::Lead { seat } | Phase::Turn { seat } | Phase::Drawn { seat } => {
            let hand = match (game.phase, game.drawn) {
                (Phase::Drawn { .. }, Some(t)) => t.bit(),
                _ => game.hands[seat as usize],
            };
            if game.layout.playable(hand) == 0 {
                out.push(if game.drawable() > 0 {
                    Action::Draw
                } else {
                    Action::Pass
                });
                return;
            }
            let announce = game.variant.muggins_call != MugginsCall::Off;
            game.layout.for_each_placement(hand, |p| {
                out.push(if announce {
                    Action::play_announcing(p, game.points_for(p))
                } else {
                    Action::play(p)
                })
            });
        }
    }
}

/// The numbers each seat is known to lack: after a draw, the open ends it could not match;
/// after a pass, those too, added to what it lacked before.
pub fn voids(view: &View) -> [u16; MAX_SEATS] {
    let mut v = [0u16; MAX_SEATS];
    let mut layout = Layout::new(view.variant.spinner, view.variant.sniff);
    for step in &view.history {
        match *step {
            Logged::Played { placement, .. } => {
                let _ = layout.place(placement);
            }
            Logged::Drew { seat } => v[seat as usize] = layout.open_pips(),
            Logged::Passed { seat } => v[seat as usize] |= layout.open_pips(),
        }
    }
    v
}

/// A full game consistent with the view: the hidden tiles dealt to the other hands (each lacking
/// the numbers it is known to lack, where that can be kept) and the boneyard, in a random order.
pub fn determinize(view: &View, voids: &[u16; MAX_SEATS], rng: &mut SplitMix) -> DominoesGame {
    let set = full_set(view.variant.set.max_pip());
    let own: Mask = view.hand.iter().fold(0, |m, t| m | t.bit());
    let own = own | view.drawn.map_or(0, |t| t.bit());
    let mut unknown: Vec<Tile> = tiles_of(set & !own & !view.layout.played()).collect();
    for i in (1..unknown.len()).rev() {
        unknown.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let mut hands = [0 as Mask; MAX_SEATS];
    hands[view.seat as usize] = own;
    // Most constrained seats first.
    let mut order: Vec<Seat> = (0..view.seats).filter(|s| *s != view.seat).collect();
    order.sort_by_key(|s| std::cmp::Reverse(voids[*s as usize].count_ones()));
    for &s in &order {
        let need = view.tiles_held[s as usize] as usize;
        let banned: Mask = (0..16)
            .filter(|p| voids[s as usize] & 1 << p != 0)
            .fold(0, |m, p| m | with_pip(p as u8));
        let mut got = 0;
        // Tiles it may hold, then (if the constraints cannot all be kept) any.
        for pass in 0..2 {
            let mut i = 0;
            while got < need && i < unknown.len() {
                if pass == 1 || unknown[i].bit() & banned == 0 {
                    hands[s as usize] |= unknown[i].bit();
                    unknown.swap_remove(i);
                    got += 1;
                } else {
                    i += 1;
                }
            }
        }
    }
    let boneyard = Boneyard::from_tiles(&unknown);
    let passes = view
        .history
        .iter()
        .rev()
        .take_while(|l| matches!(l, Logged::Passed { .. }))
        .count() as u8;
    let mut scores = [0i32; MAX_SEATS];
    scores[..view.scores.len()].copy_from_slice(&view.scores);
    DominoesGame {
        variant: view.variant,
        seats: view.seats,
        partnerships: view.partnerships,
        seed: rng.next_u64(),
        hand_no: view.hand_no,
        hands,
        boneyard,
        layout: view.layout,
        phase: view.phase,
        drawn: view.drawn,
        passes,
        scores,
        history: view.history.clone(),
        outcome: None,
    }
}

/// One node of the search tree: the move that led to it and its statistics from the mover's
/// side.
struct Node {
    action: Action,
    mover: Seat,
    visits: u32,
    /// Times this move was legal when its parent was visited.
    avail: u32,
    reward: f64,
    children: Vec<usize>,
}

struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    fn new(seat: Seat) -> Tree {
        Tree {
            nodes: vec![Node {
                action: Action::Proceed,
                mover: seat,
                visits: 0,
                avail: 0,
                reward: 0.0,
                children: Vec::new(),
            }],
        }
    }

    /// Picks a move at `node` among `legal`: an untried one (expanding the tree), else the best
    /// by UCB1 with availability counts. Returns the child, its action, and whether it is new.
    fn select_or_expand(
        &mut self,
        node: usize,
        actor: Seat,
        legal: &[Action],
        rng: &mut SplitMix,
    ) -> (usize, Action, bool) {
        let children = &self.nodes[node].children;
        let untried: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !children.iter().any(|c| self.nodes[*c].action == *a))
            .collect();
        // Every legal child was available this time.
        let kids: Vec<usize> = children
            .iter()
            .copied()
            .filter(|c| legal.contains(&self.nodes[*c].action))
            .collect();
        for &c in &kids {
            self.nodes[c].avail += 1;
        }
        if !untried.is_empty() {
            let action = untried[rng.below(untried.len() as u32) as usize];
            let id = self.nodes.len();
            self.nodes.push(Node {
                action,
                mover: actor,
                visits: 0,
                avail: 1,
                reward: 0.0,
                children: Vec::new(),
            });
            self.nodes[node].children.push(id);
            return (id, action, true);
        }
        let best = kids
            .iter()
            .copied()
            .max_by(|a, b| {
                let score = |n: &Node| {
                    let v = n.visits.max(1) as f64;
                    n.reward / v + EXPLORE * ((n.avail.max(1) as f64).ln() / v).sqrt()
                };
                score(&self.nodes[*a]).total_cmp(&score(&self.nodes[*b]))
            })
            .unwrap_or(0);
        (best, self.nodes[best].action, false)
    }
}
