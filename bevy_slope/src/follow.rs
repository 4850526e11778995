//! Transforms follow the simulation: each box's centre, in world pixels.

use bevy::prelude::*;

use crate::body::{Interpolated, SlopeActor, SlopePlatform, centre};

/// Sets each actor's and platform's `Transform` translation (x, y; z is the game's) to its
/// box's centre, interpolated between the last two steps where it has [`Interpolated`].
pub(crate) fn follow(
    time: Res<Time<Fixed>>,
    mut actors: Query<(&SlopeActor, Option<&Interpolated>, &mut Transform), Without<SlopePlatform>>,
    mut platforms: Query<
        (&SlopePlatform, Option<&Interpolated>, &mut Transform),
        Without<SlopeActor>,
    >,
) {
    let t = time.overstep_fraction();
    for (actor, interpolated, mut transform) in &mut actors {
        let (w, h) = (actor.width(), actor.height());
        place(
            &mut transform,
            centre(actor.x, actor.y, w, h),
            interpolated,
            w,
            h,
            t,
        );
    }
    for (platform, interpolated, mut transform) in &mut platforms {
        let (w, h) = (platform.width, platform.height);
        place(
            &mut transform,
            centre(platform.x, platform.y, w, h),
            interpolated,
            w,
            h,
            t,
        );
    }
}

fn place(
    transform: &mut Transform,
    now: Vec2,
    interpolated: Option<&Interpolated>,
    width: u16,
    height: u16,
    t: f32,
) {
    let at = match interpolated {
        Some(i) => centre(i.previous.x, i.previous.y, width, height).lerp(now, t),
        None => now,
    };
    if transform.translation.truncate() != at {
        transform.translation.x = at.x;
        transform.translation.y = at.y;
    }
}
