//! The fixed step: platforms, then actors, exactly as `slope_runtime::Scene::update` runs
//! them, over the ECS's components.

use bevy::prelude::*;
use slope_runtime::{Actor, Events, Platform, Platforms, TileMap};

use crate::body::{
    GroundAngle, GroundPlatform, Interpolated, SlopeActor, SlopeEvent, SlopePlatform,
};
use crate::level::ActiveLevel;

/// The order of the platforms in the last step (their entities, ascending): an actor's
/// `Contacts::ground_platform` is an index into it. Part of the movement state a rollback
/// saves ([`SlopeSnapshot`](crate::SlopeSnapshot) does).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlatformOrder(pub Vec<Entity>);

impl PlatformOrder {
    /// The platform at `index` of the last step's order.
    pub fn entity(&self, index: usize) -> Option<Entity> {
        self.0.get(index).copied()
    }
}

/// One step of a scene: every platform moved by its velocity (carrying, pushing and
/// crushing actors), then every actor stepped in a world with the platforms' new places;
/// each actor's events. What `Scene::update` does, for slices a game keeps itself.
pub fn advance<M: TileMap>(
    level: &ActiveLevel,
    map: &M,
    platforms: &mut [Platform],
    actors: &mut [Actor],
    mut on_step: impl FnMut(usize, &Actor, &slope_runtime::World<'_, &M, &[Platform]>),
) {
    let mut moved = Platforms::new(level.tables(), map, platforms);
    moved.advance_all(&mut [&mut *actors]);
    let world = moved.world();
    for (index, actor) in actors.iter_mut().enumerate() {
        world.step(actor);
        on_step(index, actor, &world);
    }
}

type ActorItem<'a> = (
    Entity,
    &'a mut SlopeActor,
    &'a mut GroundPlatform,
    Option<&'a mut GroundAngle>,
    Option<&'a mut Interpolated>,
);

/// The system: one step of every platform and actor, in the order of their entities.
pub(crate) fn step(
    level: Option<Res<ActiveLevel>>,
    mut order: ResMut<PlatformOrder>,
    mut platform_query: Query<
        (Entity, &mut SlopePlatform, Option<&mut Interpolated>),
        Without<SlopeActor>,
    >,
    mut actor_query: Query<ActorItem<'_>, Without<SlopePlatform>>,
    mut events: MessageWriter<SlopeEvent>,
) {
    let Some(level) = level else {
        return;
    };
    let mut platform_items: Vec<_> = platform_query.iter_mut().collect();
    platform_items.sort_unstable_by_key(|item| item.0);
    let mut actor_items: Vec<_> = actor_query.iter_mut().collect();
    actor_items.sort_unstable_by_key(|item| item.0);

    let new_order: Vec<Entity> = platform_items.iter().map(|item| item.0).collect();
    if new_order != order.0 {
        for item in &mut actor_items {
            renumber(&mut item.1.0, &order.0, &new_order);
        }
        order.0 = new_order;
    }

    let mut platforms: Vec<Platform> = platform_items.iter().map(|item| item.1.0).collect();
    let mut actors: Vec<Actor> = actor_items.iter().map(|item| item.1.0).collect();
    for (_, platform, interpolated) in &mut platform_items {
        if let Some(interpolated) = interpolated {
            interpolated.previous = IVec2::new(platform.x, platform.y);
        }
    }
    for item in &mut actor_items {
        if let Some(interpolated) = &mut item.4 {
            interpolated.previous = IVec2::new(item.1.x, item.1.y);
        }
    }

    let mut angles = Vec::with_capacity(actors.len());
    advance(
        &level,
        &level.map,
        &mut platforms,
        &mut actors,
        |index, actor, world| {
            let wants_angle = actor_items.get(index).is_some_and(|item| item.3.is_some());
            angles.push(if wants_angle {
                world.ground_angle(actor)
            } else {
                0
            });
        },
    );

    for ((_, platform, _), moved) in platform_items.iter_mut().zip(&platforms) {
        // Only a change marks it changed, so `Changed<SlopePlatform>` means it moved.
        platform.set_if_neq(SlopePlatform(*moved));
    }
    for ((item, moved), angle) in actor_items.iter_mut().zip(&actors).zip(angles) {
        let (entity, actor, ground, ground_angle, _) = item;
        actor.set_if_neq(SlopeActor(*moved));
        ground.set_if_neq(GroundPlatform(
            moved
                .contacts
                .ground_platform()
                .and_then(|i| order.entity(i)),
        ));
        if let Some(ground_angle) = ground_angle {
            ground_angle.set_if_neq(GroundAngle(angle));
        }
        events.write_batch(Events::of(moved).iter().map(|event| SlopeEvent {
            entity: *entity,
            event,
        }));
    }
}

/// Points every platform index an actor holds at that platform's index in the new order
/// (or at none, if it is gone).
fn renumber(actor: &mut Actor, old: &[Entity], new: &[Entity]) {
    actor.renumber_platforms(|index| {
        let entity = old.get(index)?;
        new.binary_search(entity).ok()
    });
}
