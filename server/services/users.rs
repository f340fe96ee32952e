//! Staff users: lookup, creation, and the first admin of an empty database.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde::Serialize;

use crate::auth::hash_password;
use crate::error::{AppError, Result};
use entities::user;

pub const ROLES: &[&str] = &["admin", "staff"];

/// A user as the API shows it (never the hash).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: i32,
    pub name: String,
    pub email: String,
    pub role: String,
    pub active: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl UserView {
    pub fn new(user: &user::Model, tz: chrono_tz::Tz) -> UserView {
        UserView {
            id: user.id,
            name: user.name.clone(),
            email: user.email.clone(),
            role: user.role.clone(),
            active: user.active,
            created_at: crate::time::to_local_rfc3339(user.created_at, tz),
            updated_at: crate::time::to_local_rfc3339(user.updated_at, tz),
        }
    }
}

pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

pub async fn find_by_email(db: &DatabaseConnection, email: &str) -> Result<Option<user::Model>> {
    Ok(user::Entity::find().filter(user::Column::Email.eq(normalize_email(email))).one(db).await?)
}

pub struct NewUser {
    pub name: String,
    pub email: String,
    pub role: String,
    pub password: String,
}

/// Checks and creates a user; a taken e-mail is a 422 on `email`.
pub async fn create(db: &DatabaseConnection, input: NewUser) -> Result<user::Model> {
    let mut errors = crate::error::FieldErrors::new();
    let name = input.name.trim().to_string();
    let email = normalize_email(&input.email);
    if !(2..=120).contains(&name.chars().count()) {
        errors.insert("name".into(), vec!["O nome deve ter de 2 a 120 caracteres.".into()]);
    }
    if !crate::services::clients::is_valid_email(&email) {
        errors.insert("email".into(), vec!["Informe um e-mail válido.".into()]);
    }
    if !ROLES.contains(&input.role.as_str()) {
        errors.insert("role".into(), vec!["Perfil deve ser admin ou staff.".into()]);
    }
    if input.password.chars().count() < 8 {
        errors.insert("password".into(), vec!["A senha deve ter pelo menos 8 caracteres.".into()]);
    }
    if errors.is_empty() && find_by_email(db, &email).await?.is_some() {
        errors.insert("email".into(), vec!["Já existe um usuário com este e-mail.".into()]);
    }
    if !errors.is_empty() {
        return Err(AppError::invalid(errors));
    }
    let now = Utc::now();
    let model = user::ActiveModel {
        name: Set(name),
        email: Set(email),
        password_hash: Set(hash_password(input.password).await?),
        role: Set(input.role),
        active: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    Ok(model.insert(db).await?)
}

/// On an empty database, creates the first admin. Returns the generated
/// password when none was configured, so the caller can print it once.
pub async fn ensure_first_admin(
    db: &DatabaseConnection,
    email: Option<&str>,
    password: Option<&str>,
) -> Result<Option<(String, Option<String>)>> {
    if user::Entity::find().count(db).await? > 0 {
        return Ok(None);
    }
    let email = email.unwrap_or("admin@expediente.local").to_string();
    let generated = password.is_none().then(generate_password);
    let password = password.map(str::to_string).or_else(|| generated.clone()).unwrap_or_default();
    create(db, NewUser { name: "Administrador".into(), email: email.clone(), role: "admin".into(), password }).await?;
    Ok(Some((email, generated)))
}

fn generate_password() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    (0..16).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}
