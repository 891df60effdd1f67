//! Random playouts. Each seat mostly does what a player usually does (rolls, places on a number
//! the roll makes, lets a window pass) and one time in five picks uniformly among every legal
//! action instead: bluffs, challenges, "Muggins!" calls (right and wrong) and "no move". The
//! property tests and `muggins bench` use them.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::marbles::{Action, MarblesGame, MarblesVariant, Phase};

/// How often a random seat picks among all legal actions rather than the usual ones.
pub const WILD: f64 = 0.2;

/// What a player usually does now, if that is one obvious kind of move: roll (letting the
/// window pass), or place on a number the roll makes. `None` where the choice needs the full list
/// (removals, nothing to make).
fn usual(game: &MarblesGame, rng: &mut impl Rng) -> Option<Action> {
    match game.phase {
        Phase::RollOff { .. } | Phase::DishesRoll { .. } => Some(Action::Roll(game.next_dice())),
        // The next player simply rolls; "proceed" only where rolling is not allowed.
        Phase::Roll { .. } => Some(if game.may_roll() {
            Action::Roll(game.next_dice())
        } else {
            Action::Proceed
        }),
        Phase::Place { seat, dice } if game.trays[seat as usize] > 0 => {
            let makes = game.reachable_open(dice);
            let n = makes.count_ones();
            (n > 0).then(|| {
                let k = rng.random_range(0..n);
                let space = crate::rules::marbles::solve::totals_of(makes)
                    .nth(k as usize)
                    .unwrap_or(0);
                Action::Place(space as u8)
            })
        }
        _ => None,
    }
}

/// One random choice: usually the usual move, one time in [`WILD`] any legal action.
pub fn pick(game: &MarblesGame, legal: &mut Vec<Action>, rng: &mut impl Rng) -> Option<Action> {
    if !rng.random_bool(WILD)
        && let Some(a) = usual(game, rng)
    {
        return Some(a);
    }
    game.legal_actions_into(legal);
    (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())])
}

/// Plays a game to its end (or `max_actions`), calling `each` after every action. Returns the
/// game and the actions taken, or why a legal action was refused.
pub fn random_marbles(
    variant: &MarblesVariant,
    seats: u8,
    seed: u64,
    max_actions: usize,
    mut each: impl FnMut(&MarblesGame, Action),
) -> Result<(MarblesGame, Vec<Action>), String> {
    let mut game = MarblesGame::new(variant.clone(), seats, seed)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::with_capacity(64);
    let mut events = Vec::with_capacity(16);
    let mut actions = Vec::with_capacity(256);
    while actions.len() < max_actions {
        let Some(action) = pick(&game, &mut legal, &mut rng) else {
            break;
        };
        events.clear();
        game.apply_into(action, &mut events)
            .map_err(|e| format!("action {} ({action:?}) refused: {e}", actions.len()))?;
        actions.push(action);
        each(&game, action);
    }
    Ok((game, actions))
}
