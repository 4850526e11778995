//! Edits of a valid JSON document, as the structure-aware targets make them: a value
//! removed, given another value of its type, or given a value of the wrong type. So a
//! mutation keeps the document JSON and reaches the reader's checks of each field.

use arbitrary::Arbitrary;
use serde_json::Value;

/// One edit: the node it touches (its position in a depth-first walk, modulo the node
/// count) and what it does there.
#[derive(Clone, Debug, Arbitrary)]
pub struct Edit {
    node: u32,
    action: Action,
}

/// What an edit does to its node.
#[derive(Clone, Debug, Arbitrary)]
pub enum Action {
    /// The node removed from its object or array.
    Remove,
    /// A number changed: by a small amount, negated, scaled, or made 0 (other nodes
    /// become that number).
    Number(NumberChange),
    /// A value of any type in the node's place.
    Replace(Replacement),
    /// A string in the node's place, empty or any text.
    Text(String),
}

/// How a number changes.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub enum NumberChange {
    /// Plus this.
    Add(i8),
    /// Negated.
    Negate,
    /// Times 2^k.
    Scale(u8),
    /// Zero.
    Zero,
    /// The largest or smallest 64-bit integer, or a fraction.
    Extreme(u8),
}

/// A value of some type.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub enum Replacement {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Integer(i64),
    /// A number with a fraction.
    Fraction(i32),
    /// `[]`.
    EmptyArray,
    /// `{}`.
    EmptyObject,
    /// The node's own value, wrapped in an array.
    Wrapped,
}

impl Edit {
    /// Applies the edit to `doc` (the root itself is never removed).
    pub fn apply(&self, doc: &mut Value) {
        let mut paths = Vec::new();
        walk(doc, &mut Vec::new(), &mut paths);
        if paths.is_empty() {
            return;
        }
        let path = &paths[self.node as usize % paths.len()];
        match &self.action {
            Action::Remove => remove(doc, path),
            Action::Number(change) => {
                if let Some(v) = at(doc, path) {
                    *v = changed(v, *change);
                }
            }
            Action::Replace(r) => {
                if let Some(v) = at(doc, path) {
                    *v = replacement(v, *r);
                }
            }
            Action::Text(s) => {
                if let Some(v) = at(doc, path) {
                    *v = Value::String(s.clone());
                }
            }
        }
    }
}

/// A step from a node to a child.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every node's path below the root, depth first.
fn walk(v: &Value, here: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                here.push(Step::Key(k.clone()));
                out.push(here.clone());
                walk(child, here, out);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                here.push(Step::Index(i));
                out.push(here.clone());
                walk(child, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(mut v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    for step in path {
        v = match step {
            Step::Key(k) => v.get_mut(k.as_str())?,
            Step::Index(i) => v.get_mut(*i)?,
        };
    }
    Some(v)
}

fn remove(doc: &mut Value, path: &[Step]) {
    let Some((last, parent)) = path.split_last() else {
        return;
    };
    match (at(doc, parent), last) {
        (Some(Value::Object(map)), Step::Key(k)) => {
            map.remove(k);
        }
        (Some(Value::Array(items)), Step::Index(i)) if *i < items.len() => {
            items.remove(*i);
        }
        _ => {}
    }
}

fn changed(v: &Value, change: NumberChange) -> Value {
    let n = v.as_i64().unwrap_or(1);
    let out = match change {
        NumberChange::Add(d) => n.saturating_add(i64::from(d)),
        NumberChange::Negate => n.saturating_neg(),
        NumberChange::Scale(k) => n.saturating_mul(1i64 << (k % 40)),
        NumberChange::Zero => 0,
        NumberChange::Extreme(k) => match k % 5 {
            0 => i64::MAX,
            1 => i64::MIN,
            2 => i64::from(u32::MAX) + 1,
            3 => return serde_json::json!(u64::MAX),
            _ => return serde_json::json!(n as f64 + 0.5),
        },
    };
    Value::from(out)
}

fn replacement(v: &Value, r: Replacement) -> Value {
    match r {
        Replacement::Null => Value::Null,
        Replacement::Bool(b) => Value::Bool(b),
        Replacement::Integer(i) => Value::from(i),
        Replacement::Fraction(f) => serde_json::json!(f64::from(f) / 7.0),
        Replacement::EmptyArray => Value::Array(Vec::new()),
        Replacement::EmptyObject => Value::Object(serde_json::Map::new()),
        Replacement::Wrapped => Value::Array(vec![v.clone()]),
    }
}
