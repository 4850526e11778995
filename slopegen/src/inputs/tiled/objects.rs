//! The named points and rectangles of a Tiled map's object layers, as constants.

use crate::error::map::MapError;
use crate::error::text::escape;
use crate::error::{Error, Result};
use crate::inputs::tiled::document::{LayerKind, ObjectShape, TiledMap, TiledObject};
use crate::model::map::{Object, ObjectValue};
use crate::model::tileset::{TileSet, check_name, constant_name};

/// Named points and rectangles, as constants in world pixels. Every object that cannot
/// become one is an error in `errors`, not only the first.
pub(super) fn objects(map: &TiledMap, set: &TileSet, errors: &mut Vec<Error>) -> Vec<Object> {
    let mut out: Vec<Object> = Vec::new();
    for layer in &map.layers {
        let LayerKind::Objects(objects) = &layer.kind else {
            continue;
        };
        for o in objects {
            if o.name.is_empty() || o.shape == ObjectShape::Other {
                continue;
            }
            match object(map, o, set, &out) {
                Ok(Some(object)) => out.push(object),
                Ok(None) => {}
                Err(problem) => errors.push(
                    MapError::BadObject {
                        file: map.path.clone(),
                        layer: layer.name.clone(),
                        object: o.name.clone(),
                        problem,
                    }
                    .into(),
                ),
            }
        }
    }
    out
}

/// The constant of object `o` (none for shapes that make none), or what is wrong with it;
/// `before` are the map's constants so far.
fn object(
    map: &TiledMap,
    o: &TiledObject,
    set: &TileSet,
    before: &[Object],
) -> Result<Option<Object>, String> {
    let top = f64::from(map.height) * f64::from(map.tile_height);
    if o.rotation != 0.0 {
        return Err(format!(
            "rotated by {}°; only unrotated points and rectangles become constants",
            o.rotation
        ));
    }
    check_name(&o.name).map_err(|p| {
        p.replace("the file name", "its name")
            .replace("; rename the file", "")
    })?;
    let px = |v: f64| -> Result<i32, String> {
        let r = v.round();
        if r.abs() > f64::from(slope_runtime::MAX_POSITION) {
            return Err("it lies beyond the runtime's positions".into());
        }
        Ok(r as i32)
    };
    let value = match o.shape {
        ObjectShape::Point => ObjectValue::Point(px(o.x)?, px(top - o.y)?),
        ObjectShape::Rect(w, h) => {
            let (x0, x1) = (px(o.x)?, px(o.x + w)?);
            let (y0, y1) = (px(top - o.y - h)?, px(top - o.y)?);
            let (width, height) = (x1 - x0, y1 - y0);
            if width < 1 || height < 1 || width > 65535 || height > 65535 {
                return Err(format!(
                    "a rectangle of {w}×{h} px; it needs at least one whole pixel each way"
                ));
            }
            ObjectValue::Rect {
                x: x0,
                y: y0,
                width: width as u16,
                height: height as u16,
            }
        }
        ObjectShape::Other => return Ok(None),
    };
    let constant = constant_name(&o.name);
    if let Some(other) = before.iter().find(|p| p.constant == constant) {
        return Err(format!(
            "it and object `{}` both become the constant `{constant}`; rename one of them",
            escape(&other.name)
        ));
    }
    if let Some(t) = set.tiles.iter().find(|t| t.constant == constant) {
        return Err(format!(
            "it and shape `{}` both become the constant `{constant}`; rename one of them",
            escape(&t.name)
        ));
    }
    if ["WIDTH", "HEIGHT", "TILE_SIZE", "MAP"].contains(&constant.as_str()) {
        return Err(format!(
            "the constant `{constant}` is taken by the map's own items (its size and `MAP`); rename it"
        ));
    }
    Ok(Some(Object {
        name: o.name.clone(),
        constant,
        value,
    }))
}
