//! The table's sounds, headless: each sound rendered and heard, the impact-to-sound path through
//! the live physics' `Impact` message, the rules' cues, and the voice limit.
#![cfg(feature = "game")]

use bevy::prelude::*;
use muggins::game::headless;
use muggins::game::live::Impact;
use muggins::game::sound::synth::{self, PEAK, heard, rms};
use muggins::game::sound::{MAX_ALIKE, MAX_VOICES, Playing, Sound, Synth, master};
use muggins::game::table::Happened;
use muggins::physics::body::Surface;
use muggins::rules::marbles::Event as MarblesEvent;
use muggins::settings::Settings;

fn impact(app: &mut App, what: Surface, against: Surface, strength: f32) {
    let body = app.world_mut().spawn_empty().id();
    app.world_mut().write_message(Impact {
        body,
        what,
        against,
        force: strength * 0.5,
        strength,
    });
}

/// What is playing: each voice's sound and gain, loudest first, with its samples as heard.
fn playing(app: &mut App) -> Vec<(Sound, f32, Vec<f32>)> {
    let mut q = app.world_mut().query::<(&Playing, &AudioPlayer<Synth>)>();
    let world = app.world();
    let synths = world.resource::<Assets<Synth>>();
    let mut out: Vec<(Sound, f32, Vec<f32>)> = q
        .iter(world)
        .map(|(p, player)| {
            let samples = &synths.get(&player.0).expect("the sound's samples").0;
            (p.voice.sound, p.voice.gain, heard(p.voice, samples))
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

#[test]
fn every_sound_renders_loud_enough_and_unclipped() {
    for sound in Sound::ALL {
        let s = synth::render(sound);
        let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(rms(&s) > 0.01, "{sound:?} is silent");
        assert!(peak > 0.1 && peak <= PEAK, "{sound:?} peaks at {peak}");
    }
}

#[test]
fn a_harder_impact_is_heard_louder() {
    let mut app = headless::app(16);
    impact(&mut app, Surface::Die, Surface::Felt, 2.0);
    app.update();
    let soft = playing(&mut app);
    assert_eq!(soft.len(), 1, "one knock, one voice");
    for _ in 0..30 {
        app.update();
    }
    assert!(
        playing(&mut app).is_empty(),
        "the voice ends with its sound"
    );
    impact(&mut app, Surface::Die, Surface::Felt, 60.0);
    app.update();
    let hard = playing(&mut app);
    assert_eq!(hard.len(), 1);
    assert_eq!(hard[0].0, Sound::Clatter);
    assert!(hard[0].1 > soft[0].1, "gain {} vs {}", hard[0].1, soft[0].1);
    let (loud, quiet) = (rms(&hard[0].2), rms(&soft[0].2));
    assert!(loud > quiet * 1.5, "rms {loud} vs {quiet}");
    // A tile's knock clacks, a ball's knocks; the fixed bodies make none of their own.
    impact(&mut app, Surface::Tile, Surface::Table, 5.0);
    impact(&mut app, Surface::Ball, Surface::Wood, 5.0);
    impact(&mut app, Surface::Wood, Surface::Die, 5.0);
    app.update();
    let sounds: Vec<Sound> = playing(&mut app).iter().map(|p| p.0).collect();
    assert!(sounds.contains(&Sound::Clack) && sounds.contains(&Sound::Knock));
    assert_eq!(sounds.len(), 3, "{sounds:?}");
}

#[test]
fn a_rattle_stays_within_the_voices() {
    let mut app = headless::app(16);
    for i in 0..40 {
        impact(&mut app, Surface::Die, Surface::Wood, 1.5 + i as f32);
    }
    app.update();
    let now = playing(&mut app);
    assert_eq!(
        now.len(),
        MAX_ALIKE,
        "a burst of one sound keeps {MAX_ALIKE} voices"
    );
    // The loudest knocks are the ones kept.
    assert!(
        now.iter().all(|p| p.1 >= now[0].1 * 0.8),
        "{:?}",
        now.iter().map(|p| p.1).collect::<Vec<_>>()
    );
    for s in [Surface::Tile, Surface::Ball] {
        for i in 0..10 {
            impact(&mut app, s, Surface::Wood, 3.0 + i as f32);
        }
    }
    app.update();
    assert!(playing(&mut app).len() <= MAX_VOICES);
}

#[test]
fn a_marble_placed_clicks_into_its_hole() {
    let mut app = headless::app(16);
    app.world_mut()
        .write_message(Happened(MarblesEvent::Placed {
            seat: 0,
            space: 12,
            reachable: true,
        }));
    app.update();
    let now = playing(&mut app);
    assert_eq!(now.len(), 1);
    assert_eq!(now[0].0, Sound::Click);
    assert!(rms(&now[0].2) > 0.01);
}

#[test]
fn mute_silences_and_keeps_the_volume() {
    let mut s = Settings {
        volume: 0.6,
        ..Settings::default()
    };
    assert_eq!(master(&s), 0.6);
    s.muted = true;
    assert_eq!(master(&s), 0.0);
    assert_eq!(s.volume, 0.6);
}
