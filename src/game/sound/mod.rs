//! What the table sounds like. The sounds are synthesised at start-up ([`synth`]) into [`Synth`]
//! assets; a [`PlaySound`] message plays one. Impacts of the live physics, the rules' events
//! (through [`Played::cue`]), a human seat's turn, menu buttons and a rolling ball send them.
//! At most [`MAX_VOICES`] play at once (the quietest gives way), and the master volume and mute
//! apply at once, to what is already playing too.

pub mod synth;

use std::num::NonZero;
use std::sync::Arc;
use std::time::Duration;

use bevy::audio::{
    AddAudioSource, AudioSinkPlayback, ChannelCount, Decodable, GlobalVolume, PlaybackMode,
    SampleRate, Source, Volume,
};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

use super::live::{Impact, LiveBody};
use super::table::referee::Referee;
use super::table::{Happened, Played};
use crate::physics::body::Surface;
use crate::settings::Settings;
pub use synth::{Sound, Voice};

/// One-shot sounds playing at once, at most.
pub const MAX_VOICES: usize = 6;
/// Of one sound, at most (a rattle of dice stays a rattle).
pub const MAX_ALIKE: usize = 3;

/// A rendered sound: mono samples at [`synth::RATE`].
#[derive(Asset, TypePath, Clone, Debug)]
pub struct Synth(pub Arc<[f32]>);

/// Plays a [`Synth`] through rodio.
pub struct SynthSource {
    samples: Arc<[f32]>,
    at: usize,
}

impl Iterator for SynthSource {
    type Item = f32;
    fn next(&mut self) -> Option<f32> {
        let s = self.samples.get(self.at).copied();
        self.at += 1;
        s
    }
}

impl Source for SynthSource {
    fn current_span_len(&self) -> Option<usize> {
        Some(self.samples.len().saturating_sub(self.at))
    }
    fn channels(&self) -> ChannelCount {
        NonZero::<u16>::MIN
    }
    fn sample_rate(&self) -> SampleRate {
        NonZero::new(synth::RATE).unwrap_or(NonZero::<u32>::MIN)
    }
    fn total_duration(&self) -> Option<Duration> {
        Some(Duration::from_secs_f64(
            self.samples.len() as f64 / synth::RATE as f64,
        ))
    }
}

impl Decodable for Synth {
    type Decoder = SynthSource;
    fn decoder(&self) -> SynthSource {
        SynthSource {
            samples: self.0.clone(),
            at: 0,
        }
    }
}

/// Every sound, rendered, and how long each lasts (seconds).
#[derive(Resource, Debug)]
pub struct SoundBank {
    sounds: HashMap<Sound, (Handle<Synth>, f32)>,
}

/// Play this.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct PlaySound(pub Voice);

/// A sound playing: what, how loud before the master volume, and until when (game seconds).
#[derive(Component, Debug, Clone, Copy)]
pub struct Playing {
    pub voice: Voice,
    pub until: f32,
}

/// The rolling loop, and how loud it is now (before the master volume).
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Rolling {
    pub gain: f32,
}

/// The master volume as heard: the setting, or 0 when muted.
pub fn master(settings: &Settings) -> f32 {
    if settings.muted { 0.0 } else { settings.volume }
}

pub(super) fn plugin(app: &mut App) {
    // With a window, rodio plays the sounds; headless, they are only assets (the tests see what
    // would play).
    if app.world().contains_resource::<GlobalVolume>() {
        app.add_audio_source::<Synth>();
    } else {
        app.init_asset::<Synth>();
    }
    app.add_message::<PlaySound>()
        .add_systems(Startup, render_bank)
        .add_systems(
            Update,
            (
                (
                    impacts,
                    cues::<crate::rules::marbles::MarblesGame>,
                    cues::<crate::rules::dominoes::DominoesGame>,
                    cues::<crate::rules::kugelbox::KugelGame>,
                    chime::<crate::rules::marbles::MarblesGame>,
                    chime::<crate::rules::dominoes::DominoesGame>,
                    chime::<crate::rules::kugelbox::KugelGame>,
                    rolling,
                ),
                play,
                master_volume.run_if(resource_changed::<Settings>),
            )
                .chain(),
        );
}

fn render_bank(mut commands: Commands, mut synths: ResMut<Assets<Synth>>) {
    let sounds = Sound::ALL
        .into_iter()
        .map(|s| {
            let samples = synth::render(s);
            let seconds = samples.len() as f32 / synth::RATE as f32;
            (s, (synths.add(Synth(samples.into())), seconds))
        })
        .collect();
    commands.insert_resource(SoundBank { sounds });
}

/// The live physics' impacts, as sounds.
fn impacts(mut impacts: MessageReader<Impact>, mut out: MessageWriter<PlaySound>) {
    for i in impacts.read() {
        if let Some(v) = synth::impact_voice(i.what, i.against, i.strength) {
            out.write(PlaySound(v));
        }
    }
}

/// The rules' events of game `G` that make a sound of their own.
fn cues<G: Played>(
    mut events: MessageReader<Happened<G::Event>>,
    mut out: MessageWriter<PlaySound>,
) {
    for Happened(e) in events.read() {
        if let Some(v) = G::cue(e) {
            out.write(PlaySound(v));
        }
    }
}

/// A chime when the turn comes to a human seat from another seat.
fn chime<G: Played>(
    referee: Option<Res<Referee<G>>>,
    mut last: Local<Option<crate::rules::table::SeatIndex>>,
    mut out: MessageWriter<PlaySound>,
) {
    let Some(r) = referee else {
        *last = None;
        return;
    };
    if !r.is_changed() {
        return;
    }
    let now = r.game.actor();
    if now != *last {
        if let Some(seat) = now
            && last.is_some()
            && r.is_human(seat)
            && r.replay.is_none()
        {
            out.write(PlaySound(Voice::new(Sound::Chime, 0.5)));
        }
        *last = now;
    }
}

/// The rolling loop follows the fastest ball: louder and higher as it speeds up, gone when no
/// ball moves.
fn rolling(
    mut commands: Commands,
    balls: Query<(Entity, &LiveBody, &GlobalTransform)>,
    mut loops: Query<(Entity, &mut Rolling, Option<&mut AudioSink>)>,
    bank: Option<Res<SoundBank>>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut last: Local<HashMap<Entity, Vec3>>,
) {
    let dt = time.delta_secs();
    let mut fastest = 0.0f32;
    let mut seen = HashMap::new();
    for (e, body, at) in &balls {
        if body.surface != Surface::Ball {
            continue;
        }
        let p = at.translation();
        if let Some(before) = last.get(&e)
            && dt > 0.0
        {
            fastest = fastest.max(before.distance(p) / dt);
        }
        seen.insert(e, p);
    }
    *last = seen;
    let gain = (fastest / 2.0).clamp(0.0, 1.0) * 0.6;
    match loops.single_mut() {
        Ok((e, mut rolling, sink)) => {
            if gain < 0.02 {
                commands.entity(e).despawn();
                return;
            }
            rolling.gain = gain;
            if let Some(mut sink) = sink {
                sink.set_volume(Volume::Linear(gain * master(&settings)));
                sink.set_speed(0.7 + 0.5 * gain);
            }
        }
        Err(_) => {
            let Some(bank) = bank else { return };
            if gain >= 0.02 && loops.is_empty() {
                commands.spawn((
                    Name::new("Rolling"),
                    Rolling { gain },
                    AudioPlayer(bank.sounds[&Sound::Roll].0.clone()),
                    PlaybackSettings {
                        mode: PlaybackMode::Loop,
                        volume: Volume::Linear(gain),
                        ..default()
                    },
                ));
            }
        }
    }
}

/// Plays what was asked, within the voices there are: a sound over its limit replaces the
/// quietest playing one if it is louder, else it is dropped. Voices end when their sound does.
fn play(
    mut commands: Commands,
    mut asked: MessageReader<PlaySound>,
    playing: Query<(Entity, &Playing)>,
    bank: Option<Res<SoundBank>>,
    time: Res<Time>,
) {
    let now = time.elapsed_secs();
    let mut voices: Vec<(Entity, Playing)> = Vec::new();
    for (e, p) in &playing {
        if p.until <= now {
            commands.entity(e).despawn();
        } else {
            voices.push((e, *p));
        }
    }
    let Some(bank) = bank else {
        asked.clear();
        return;
    };
    for PlaySound(voice) in asked.read() {
        if voice.gain <= 0.0 {
            continue;
        }
        let Some((handle, seconds)) = bank.sounds.get(&voice.sound) else {
            continue;
        };
        let alike: Vec<usize> = (0..voices.len())
            .filter(|&i| voices[i].1.voice.sound == voice.sound)
            .collect();
        let pool: Vec<usize> = if alike.len() >= MAX_ALIKE {
            alike
        } else if voices.len() >= MAX_VOICES {
            (0..voices.len()).collect()
        } else {
            Vec::new()
        };
        if let Some(&quietest) = pool.iter().min_by(|a, b| {
            voices[**a]
                .1
                .voice
                .gain
                .total_cmp(&voices[**b].1.voice.gain)
        }) {
            if voices[quietest].1.voice.gain >= voice.gain {
                continue;
            }
            commands.entity(voices[quietest].0).despawn();
            voices.swap_remove(quietest);
        }
        let p = Playing {
            voice: *voice,
            until: now + seconds / voice.speed.max(0.01),
        };
        let e = commands
            .spawn((
                Name::new("Sound"),
                p,
                AudioPlayer(handle.clone()),
                PlaybackSettings {
                    mode: PlaybackMode::Once,
                    volume: Volume::Linear(voice.gain),
                    speed: voice.speed,
                    ..default()
                },
            ))
            .id();
        voices.push((e, p));
    }
}

/// The master volume (and mute) at once: for what plays next (Bevy's global volume) and for
/// what is playing now.
fn master_volume(
    settings: Res<Settings>,
    global: Option<ResMut<GlobalVolume>>,
    mut sinks: Query<(&mut AudioSink, Option<&Playing>, Option<&Rolling>)>,
) {
    let m = master(&settings);
    if let Some(mut global) = global {
        global.volume = Volume::Linear(m);
    }
    for (mut sink, playing, rolling) in &mut sinks {
        let gain = playing
            .map(|p| p.voice.gain)
            .or(rolling.map(|r| r.gain))
            .unwrap_or(1.0);
        sink.set_volume(Volume::Linear(gain * m));
    }
}
