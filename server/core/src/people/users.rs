//! Staff users: lookup, creation, the first admin of an empty database,
//! management by admins (list, edit, deactivate), one's own profile, and
//! the staff who take appointments (every picker's choices).

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Select, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::people::auth::{hash_password, verify_password};
use crate::kit::error::{AppError, FieldErrors, Result};
use crate::kit::audit::{self, AuditEntity, Audited, Change};
use crate::kit::list::{ListParams, ListQuery, ListStatements, SortKey, Sorting, like_pattern};
use crate::kit::validation::{check_name, check_search, email_problem, normalize_text, reject_unknown, unique_violation};
use crate::kit::{Context, Page};
use crate::people::throttle;
use entities::user::{self, Role};

/// A person who takes appointments, as a picker (the agenda's filter, a
/// booking, a service's staff) offers them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffMember {
    pub id: i32,
    pub name: String,
}

/// The active users, who take appointments, as people read names (the
/// search text starts with the folded name).
pub async fn active(db: &impl ConnectionTrait) -> Result<Vec<user::Model>> {
    Ok(user::Entity::find()
        .filter(user::Column::Active.eq(true))
        .order_by_asc(user::Column::SearchText)
        .order_by_asc(user::Column::Id)
        .all(db)
        .await?)
}

/// `GET /api/staff`: every signed-in user may see who takes appointments
/// (the agenda shows them to everyone).
pub async fn staff(cx: &Context) -> Result<Vec<StaffMember>> {
    Ok(active(&cx.db).await?.into_iter().map(|u| StaffMember { id: u.id, name: u.name }).collect())
}

/// A user as the API shows it (never the hash).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = User)]
pub struct UserView {
    pub id: i32,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub active: bool,
    /// Whether an admin lets them set their own working hours.
    pub own_hours: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl UserView {
    pub fn new(user: &user::Model, tz: chrono_tz::Tz) -> UserView {
        UserView {
            id: user.id,
            name: user.name.clone(),
            email: user.email.clone(),
            role: user.role,
            active: user.active,
            own_hours: user.own_hours,
            created_at: crate::kit::time::to_local_rfc3339(user.created_at, tz),
            updated_at: crate::kit::time::to_local_rfc3339(user.updated_at, tz),
        }
    }
}

/// A user as the audit log shows them: the fields a reader follows, and
/// the password hash, which the log tells only as changed ("***").
impl Audited for user::Model {
    const ENTITY: AuditEntity = AuditEntity::User;

    fn id(&self) -> i32 {
        self.id
    }

    fn snapshot(&self) -> Value {
        json!({
            "name": self.name,
            "email": self.email,
            "role": self.role,
            "active": self.active,
            "ownHours": self.own_hours,
            "password": self.password_hash,
        })
    }
}

pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

pub async fn find_by_email(db: &impl ConnectionTrait, email: &str) -> Result<Option<user::Model>> {
    Ok(user::Entity::find().filter(user::Column::Email.eq(normalize_email(email))).one(db).await?)
}

const EMAIL_TAKEN: &str = "Já existe um usuário com este e-mail.";

pub struct NewUser {
    pub name: String,
    pub email: String,
    pub role: Role,
    pub password: String,
}

/// Checks and creates a user, outside any request (the first admin, the
/// command line, the seed): nobody acts, so nothing is audited. A taken
/// e-mail is a 422 on `email`.
pub async fn create(db: &impl ConnectionTrait, input: NewUser) -> Result<user::Model> {
    Ok(new_user(db, input, FieldErrors::new()).await?.insert(db).await.map_err(taken_email)?)
}

/// The checked row of a new user, reporting `errors` found before (a bad
/// role) with its own.
async fn new_user(db: &impl ConnectionTrait, input: NewUser, mut errors: FieldErrors) -> Result<user::ActiveModel> {
    let name = clean_name(&input.name, &mut errors);
    let email = normalize_email(&input.email);
    if let Some(problem) = email_problem(&email) {
        errors.add("email", problem);
    }
    check_password("password", &input.password, &[&name, &email], &mut errors);
    if errors.is_empty() && find_by_email(db, &email).await?.is_some() {
        errors.add("email", EMAIL_TAKEN);
    }
    errors.check()?;
    let text = search_text(&name, &email);
    let now = Utc::now();
    Ok(user::ActiveModel {
        name: Set(name),
        email: Set(email),
        search_text: Set(text),
        password_hash: Set(hash_password(input.password).await?),
        session_version: Set(0),
        role: Set(input.role),
        active: Set(true),
        own_hours: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
}

/// Two requests raced for one e-mail: the unique index decides.
fn taken_email(error: sea_orm::DbErr) -> AppError {
    unique_violation(error, "email", EMAIL_TAKEN)
}

/// On a database without an admin, creates the first admin. Returns the generated
/// password when none was configured, so the caller can print it once.
pub async fn ensure_first_admin(
    db: &impl ConnectionTrait,
    email: Option<&str>,
    password: Option<&str>,
) -> Result<Option<(String, Option<String>)>> {
    // An admin, not any user: staff created first (by `seed`, or by `user
    // create`) must not leave the business without anyone to manage users.
    if user::Entity::find().filter(user::Column::Role.eq(Role::Admin)).count(db).await? > 0 {
        return Ok(None);
    }
    let email = email.unwrap_or("admin@expediente.local").to_string();
    let generated = password.is_none().then(generate_password);
    let password = password.map(str::to_string).or_else(|| generated.clone()).unwrap_or_default();
    create(db, NewUser { name: "Administrador".into(), email: email.clone(), role: Role::Admin, password }).await?;
    Ok(Some((email, generated)))
}

/// A random password of 16 letters and digits (no look-alikes), shown once.
pub fn generate_password() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    (0..16).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

// ---------------------------------------------------------------------------
// User management (admins) and the profile (every user).

query_params! {
    /// `GET /api/users?q&role&active`, the users list's filters (beside its `ListQuery`).
    pub struct UserFilter {
        /// Palavras do nome ou do e-mail, sem diferenciar maiúsculas e acentos.
        pub q: Option<String>,
        /// `admin`, `staff` (Recepção) ou `professional` (Profissional).
        pub role: Option<String>,
        /// `true` ou `false`.
        pub active: Option<bool>,
    }
}

const SORTING: Sorting<user::Column> = Sorting {
    keys: &[
        // By name as people read it: the search text starts with the name
        // in lower case without accents.
        SortKey { name: "name", aliases: &[], column: user::Column::SearchText },
        SortKey { name: "email", aliases: &[], column: user::Column::Email },
        SortKey { name: "role", aliases: &[], column: user::Column::Role },
        SortKey { name: "active", aliases: &[], column: user::Column::Active },
        SortKey { name: "createdAt", aliases: &["created_at"], column: user::Column::CreatedAt },
    ],
    default: "name",
    id: user::Column::Id,
};

/// Name in lower case without accents, then the e-mail: what `q` searches
/// and what sorting by name orders by.
pub fn search_text(name: &str, email: &str) -> String {
    format!("{} {}", normalize_text(name), email.to_lowercase())
}

/// The filtered query of the list, and its checked page and order.
fn filtered(list: &ListQuery, filter: &UserFilter) -> Result<(Select<user::Entity>, ListParams<user::Column>)> {
    let mut errors = FieldErrors::new();
    let params = list.check(&SORTING, &mut errors);
    let mut select = user::Entity::find();
    if let Some(role) = filter.role.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        if let Some(role) = Role::parse(role) {
            select = select.filter(user::Column::Role.eq(role));
        } else {
            errors.add("role", format!("Perfil inválido: {role}. {ROLE_CHOICES}"));
        }
    }
    if let Some(active) = filter.active {
        select = select.filter(user::Column::Active.eq(active));
    }
    check_search(filter.q.as_deref(), &mut errors);
    for term in filter.q.as_deref().unwrap_or("").split_whitespace().map(normalize_text).filter(|t| !t.is_empty()) {
        select = select.filter(user::Column::SearchText.like(like_pattern(&term)));
    }
    match params {
        Some(params) if errors.is_empty() => Ok((select, params)),
        _ => Err(AppError::invalid(errors)),
    }
}

/// The statements one page of the list runs (the plan tests explain them).
pub fn list_statements(backend: DbBackend, list: &ListQuery, filter: &UserFilter) -> Result<ListStatements> {
    let (select, params) = filtered(list, filter)?;
    params.statements(backend, select)
}

/// Lists users, filtered, sorted and paged in the database (admins only).
pub async fn list(cx: &Context, list: &ListQuery, filter: &UserFilter) -> Result<Page<UserView>> {
    cx.require_admin()?;
    let (select, params) = filtered(list, filter)?;
    Ok(params.fetch(&cx.db, select).await?.map(|u| UserView::new(&u, cx.tz)))
}

pub const NOT_FOUND: &str = "Usuário não encontrado.";

/// One user, whoever asks (404 when there is none).
pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<user::Model> {
    user::Entity::find_by_id(id).one(db).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// One user (admins only).
pub async fn get(cx: &Context, id: i32) -> Result<user::Model> {
    cx.require_admin()?;
    find(&cx.db, id).await
}

/// `POST /api/users`.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CreateUserBody)]
pub struct CreateUserInput {
    /// 2 to 120 characters.
    pub name: String,
    /// Unique, case-insensitive.
    pub email: String,
    /// `admin`, `staff` (Recepção) or `professional` (Profissional).
    pub role: String,
    /// 10 to 128 characters, not a well-known one.
    pub password: String,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

pub const ROLE_CHOICES: &str = "Perfil deve ser admin (Administrador), staff (Recepção) ou professional (Profissional).";

/// Creates a user for an admin (admins only), audited.
pub async fn create_by(cx: &Context, input: CreateUserInput) -> Result<user::Model> {
    cx.require_admin()?;
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    let role = Role::parse(&input.role).unwrap_or_else(|| {
        errors.add("role", ROLE_CHOICES);
        Role::Staff
    });
    let input = NewUser { name: input.name, email: input.email, role, password: input.password };
    let model = new_user(&cx.db, input, errors).await?;
    audit::write(cx, "create", async |txn| Ok(Change::Created(model.insert(txn).await.map_err(taken_email)?))).await
}

/// `PUT /api/users/{id}`: every field optional; what is sent changes.
/// Users carry no version column: edits are rare and admin-only, and the
/// fields are independent, so the last write wins (see the report).
/// Unknown fields are refused (422).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = UpdateUserBody)]
pub struct UpdateUserInput {
    pub name: Option<String>,
    pub email: Option<String>,
    /// `admin`, `staff` (Recepção) or `professional` (Profissional).
    pub role: Option<String>,
    /// Whether they may set their own working hours.
    pub own_hours: Option<bool>,
    /// A new password set by the admin (a reset): 10 to 128 characters, not a well-known one.
    pub password: Option<String>,
    /// The admin's own current password, needed to change their own e-mail
    /// or password here (as on `PUT /api/me`); not looked at for another user.
    pub current_password: Option<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

pub const OWN_ROLE: &str = "Você não pode alterar o seu próprio perfil de acesso.";
pub const SELF_DEACTIVATION: &str = "Você não pode desativar a si mesmo.";
pub const LAST_ADMIN: &str = "É preciso ao menos um administrador ativo: este é o último.";

/// A user's name, trimmed and checked.
fn clean_name(name: &str, errors: &mut FieldErrors) -> String {
    let name = name.trim().to_string();
    check_name(&name, errors);
    name
}

/// Checks a new e-mail for `user_id`: valid and not someone else's.
async fn check_email(db: &impl ConnectionTrait, user_id: i32, email: &str, errors: &mut FieldErrors) -> Result<String> {
    let email = normalize_email(email);
    if let Some(problem) = email_problem(&email) {
        errors.add("email", problem);
    } else if find_by_email(db, &email).await?.is_some_and(|other| other.id != user_id) {
        errors.add("email", EMAIL_TAKEN);
    }
    Ok(email)
}

/// Shortest password accepted.
pub const MIN_PASSWORD: usize = 10;
/// Longest password accepted (what a password manager makes fits; the
/// strength estimate stays fast).
pub const MAX_PASSWORD: usize = 128;
pub const BLANK_PASSWORD: &str = "A senha não pode ser só espaços.";
pub const SHORT_PASSWORD: &str = "A senha deve ter pelo menos 10 caracteres.";
pub const LONG_PASSWORD: &str = "A senha pode ter no máximo 128 caracteres.";
pub const WEAK_PASSWORD: &str =
    "Esta senha é comum ou fácil de adivinhar. Evite sequências, repetições, datas, nomes de times e o seu nome ou e-mail.";

/// Common Brazilian-Portuguese words and passwords and the product's own
/// name, one a line, most common first (zxcvbn ranks a word by its place).
/// zxcvbn's own lists are English: without these `Senha@2024`,
/// `Brasil2024!` and `expediente2026` passed.
const COMMON_WORDS_PT_BR: &str = include_str!("common_words_pt_br.txt");

/// The password rules (SECURITY.md#passwords): 10 to 128 characters, not
/// blank, and not a well-known or easily guessed one. "Well-known" is
/// zxcvbn's estimate (the Dropbox estimator, kept as a crate): it knows
/// about 30,000 leaked passwords, keyboard walks, sequences, repeats, dates
/// and l33t spellings, and is given `hints` (the user's name and e-mail)
/// and [`COMMON_WORDS_PT_BR`]; a score under 3 means fewer than 10^8
/// guesses. A hand-kept list alone would know a few hundred passwords and
/// none of those patterns.
pub fn password_problem(password: &str, hints: &[&str]) -> Option<&'static str> {
    let length = password.chars().count();
    if length > 0 && password.trim().is_empty() {
        return Some(BLANK_PASSWORD);
    }
    if length < MIN_PASSWORD {
        return Some(SHORT_PASSWORD);
    }
    if length > MAX_PASSWORD {
        return Some(LONG_PASSWORD);
    }
    // The name's words and the e-mail's parts, so "ana.ribeiro2024" is weak for Ana Ribeiro.
    let words: Vec<String> = hints
        .iter()
        .flat_map(|hint| hint.split(|c: char| !c.is_alphanumeric()))
        .filter(|word| word.chars().count() >= 3)
        .map(str::to_lowercase)
        .chain(hints.iter().map(|hint| hint.to_lowercase()))
        // "Ana Ribeiro" and "ana.ribeiro@…" also as "anaribeiro", and the
        // e-mail's local part as it is ("ana.ribeiro").
        .chain(hints.iter().flat_map(|hint| {
            let local = hint.split('@').next().unwrap_or(hint);
            [local.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_lowercase(), local.to_lowercase()]
        }))
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).chain(COMMON_WORDS_PT_BR.lines()).collect();
    let estimate = zxcvbn::zxcvbn(password, &words);
    (u8::from(estimate.score()) < 3).then_some(WEAK_PASSWORD)
}

fn check_password(field: &str, password: &str, hints: &[&str], errors: &mut FieldErrors) {
    if let Some(problem) = password_problem(password, hints) {
        errors.add(field, problem);
    }
}

/// Edits a user (admins only), audited.
pub async fn update(cx: &Context, id: i32, input: UpdateUserInput) -> Result<user::Model> {
    let actor = cx.require_admin()?;
    let db = &cx.db;
    let current = find(db, id).await?;
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    let name = input.name.as_deref().map(|n| clean_name(n, &mut errors));
    let email = match input.email.as_deref() {
        Some(email) => Some(check_email(db, id, email, &mut errors).await?),
        None => None,
    };
    let role = input.role.as_deref().and_then(|name| {
        let role = Role::parse(name);
        match role {
            None => errors.add("role", ROLE_CHOICES),
            Some(role) if actor.id == id && role != current.role => errors.add("role", OWN_ROLE),
            Some(_) => {}
        }
        role
    });
    if let Some(password) = input.password.as_deref() {
        let name = name.as_deref().unwrap_or(&current.name);
        let email = email.as_deref().unwrap_or(&current.email);
        check_password("password", password, &[name, email], &mut errors);
    }
    // One's own account by this road too: a stolen admin token must not
    // take it over by setting its e-mail and password (as `PUT /api/me`).
    let email_changes = email.as_ref().is_some_and(|e| *e != current.email);
    if actor.id == id && (email_changes || input.password.is_some()) {
        check_current_password(&cx.db, &current, input.current_password, &mut errors).await?;
    }
    errors.check()?;
    let hash = match input.password {
        Some(password) => Some(hash_password(password).await?),
        None => None,
    };
    let own_hours = input.own_hours;
    apply(cx, current, Changes { name, email, role, own_hours, password_hash: hash, active: None }, "update").await
}

/// What an update sets; `None` leaves a field as it is.
struct Changes {
    name: Option<String>,
    email: Option<String>,
    role: Option<Role>,
    own_hours: Option<bool>,
    password_hash: Option<String>,
    active: Option<bool>,
}

/// Writes the changes that differ from `current`, audited (old and new
/// values; a password only as changed); nothing when none differs.
async fn apply(cx: &Context, current: user::Model, changes: Changes, action: &'static str) -> Result<user::Model> {
    let mut model: user::ActiveModel = current.clone().into();
    let name = changes.name.filter(|n| *n != current.name);
    let email = changes.email.filter(|e| *e != current.email);
    if name.is_some() || email.is_some() {
        let text = search_text(name.as_deref().unwrap_or(&current.name), email.as_deref().unwrap_or(&current.email));
        model.search_text = Set(text);
    }
    if let Some(name) = name {
        model.name = Set(name);
    }
    if let Some(email) = email {
        model.email = Set(email);
    }
    if let Some(role) = changes.role.filter(|r| *r != current.role) {
        model.role = Set(role);
    }
    if let Some(active) = changes.active.filter(|a| *a != current.active) {
        model.active = Set(active);
    }
    if let Some(own_hours) = changes.own_hours.filter(|o| *o != current.own_hours) {
        model.own_hours = Set(own_hours);
    }
    if let Some(hash) = changes.password_hash {
        model.password_hash = Set(hash);
        // Every token issued before stops working (SECURITY.md#sessions).
        model.session_version = Set(current.session_version.wrapping_add(1));
    }
    if !model.is_changed() {
        return Ok(current);
    }
    model.updated_at = Set(Utc::now());
    let was_admin = current.role.is_admin() && current.active;
    let demotes = was_admin && (changes.role.is_some_and(|r| !r.is_admin()) || changes.active == Some(false));
    audit::write(cx, action, async |txn| {
        if demotes {
            // Every active admin's row locked first (PostgreSQL: until
            // commit; SQLite: the write lock), so two admins demoting each
            // other at once are judged one after the other and one stays.
            user::Entity::update_many()
                .col_expr(user::Column::UpdatedAt, sea_orm::sea_query::Expr::col(user::Column::UpdatedAt))
                .filter(user::Column::Role.eq(Role::Admin))
                .filter(user::Column::Active.eq(true))
                .exec(txn)
                .await?;
        }
        let saved = model.update(txn).await.map_err(taken_email)?;
        if demotes && !(saved.role.is_admin() && saved.active) {
            let admins = user::Entity::find()
                .filter(user::Column::Role.eq(Role::Admin))
                .filter(user::Column::Active.eq(true))
                .count(txn)
                .await?;
            if admins == 0 {
                let field = if saved.active { "role" } else { "id" };
                let mut errors = FieldErrors::new();
                errors.add(field, LAST_ADMIN);
                return Err(AppError::Validation { message: LAST_ADMIN.into(), errors });
            }
        }
        Ok(Change::Updated { before: current, after: saved })
    })
    .await
}

/// Deactivates or reactivates a user; nobody changes their own state. A
/// deactivated user's tokens stop working at once (`sessions::authenticate`
/// checks `active` on every request) and sign-in is refused.
pub async fn set_active(cx: &Context, id: i32, active: bool) -> Result<user::Model> {
    let actor = cx.require_admin()?;
    let current = find(&cx.db, id).await?;
    if actor.id == id {
        let message = if active { "Você não pode reativar a si mesmo." } else { SELF_DEACTIVATION };
        let mut errors = FieldErrors::new();
        errors.add("id", message);
        return Err(AppError::Validation { message: message.into(), errors });
    }
    let action = if active { "activate" } else { "deactivate" };
    let changes = Changes { name: None, email: None, role: None, own_hours: None, password_hash: None, active: Some(active) };
    apply(cx, current, changes, action).await
}

/// `PUT /api/me`: one's own name, e-mail and password. Changing the e-mail
/// or the password needs the current password. Unknown fields (`role`) are
/// refused (422).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProfileBody)]
pub struct ProfileInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub current_password: Option<String>,
    /// 10 to 128 characters, not a well-known one.
    pub new_password: Option<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

pub const CURRENT_PASSWORD_NEEDED: &str = "Informe a senha atual para alterar e-mail ou senha.";
pub const WRONG_CURRENT_PASSWORD: &str = "Senha atual incorreta.";

/// The 429 once an account's current password has been guessed at too often.
fn too_many_current_passwords(retry_after: u64) -> String {
    format!("Muitas tentativas com a senha atual. Tente novamente em {}.", throttle::wait(retry_after))
}

/// The current password asked for before one's own e-mail or password
/// changes (`PUT /api/me`, `PUT /api/users/{own id}`). One longer than any
/// password can be is refused without hashing it. Tries are counted per
/// account as sign-ins are (`throttle`: 5 in 15 minutes, then 429, a right
/// one clearing the count), from any address: whoever holds a stolen
/// session can change address at will, and must not guess the password
/// that would take the account over.
async fn check_current_password(db: &DatabaseConnection, me: &user::Model, given: Option<String>, errors: &mut FieldErrors) -> Result<()> {
    match given.filter(|p| !p.is_empty()) {
        None => errors.add("currentPassword", CURRENT_PASSWORD_NEEDED),
        Some(given) if given.chars().count() > MAX_PASSWORD => errors.add("currentPassword", LONG_PASSWORD),
        Some(given) => {
            // A key no e-mail can be, under one source for every address.
            let key = format!("current-password:{}", me.id);
            throttle::count_attempt(db, &key, "", too_many_current_passwords).await?;
            if verify_password(given, me.password_hash.clone()).await? {
                throttle::clear(db, &key, "").await?;
            } else {
                errors.add("currentPassword", WRONG_CURRENT_PASSWORD);
            }
        }
    }
    Ok(())
}

/// Changes the acting user's own name, e-mail or password, audited.
pub async fn update_profile(cx: &Context, input: ProfileInput) -> Result<user::Model> {
    let me = cx.user()?;
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    let name = input.name.as_deref().map(|n| clean_name(n, &mut errors));
    let email = match input.email.as_deref() {
        Some(email) => Some(check_email(&cx.db, me.id, email, &mut errors).await?),
        None => None,
    };
    let email_changes = email.as_ref().is_some_and(|e| *e != me.email);
    let new_password = input.new_password.filter(|p| !p.is_empty());
    if let Some(password) = new_password.as_deref() {
        let name = name.as_deref().unwrap_or(&me.name);
        let email = email.as_deref().unwrap_or(&me.email);
        check_password("newPassword", password, &[name, email], &mut errors);
    }
    if email_changes || new_password.is_some() {
        check_current_password(&cx.db, me, input.current_password, &mut errors).await?;
    }
    errors.check()?;
    let hash = match new_password {
        Some(password) => Some(hash_password(password).await?),
        None => None,
    };
    let changes = Changes { name, email, role: None, own_hours: None, password_hash: hash, active: None };
    apply(cx, me.clone(), changes, "profile").await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_long_not_blank_and_not_well_known() {
        for good in ["senha-secreta-123", "uma-senha-boa", "outra-senha", "Tr0ca-de-turno!", "kq7vzm2pwx"] {
            assert_eq!(password_problem(good, &["Ana Lima", "ana@example.com"]), None, "{good}");
        }
        assert_eq!(password_problem("12345678", &[]), Some(SHORT_PASSWORD));
        assert_eq!(password_problem("", &[]), Some(SHORT_PASSWORD));
        assert_eq!(password_problem(&" ".repeat(8), &[]), Some(BLANK_PASSWORD));
        assert_eq!(password_problem(&" ".repeat(12), &[]), Some(BLANK_PASSWORD));
        assert_eq!(password_problem(&"x".repeat(129), &[]), Some(LONG_PASSWORD));
        for weak in ["1234567890", "qwertyuiop", "password123", "senha12345", "brasil2024", "flamengo123", "1q2w3e4r5t", "aaaaaaaaaaaa"] {
            assert_eq!(password_problem(weak, &[]), Some(WEAK_PASSWORD), "{weak}");
        }
        // The user's own name and e-mail make a password guessable.
        assert_eq!(password_problem("anaribeiro1", &[]), None);
        assert_eq!(password_problem("anaribeiro1", &["Ana Ribeiro", "ana.ribeiro@example.com"]), Some(WEAK_PASSWORD));
        // A generated first-admin password passes.
        assert_eq!(password_problem(&generate_password(), &[]), None);
    }

    #[test]
    fn portuguese_words_and_the_products_name_make_a_password_weak() {
        // Each passed zxcvbn's English lists alone.
        for weak in ["Senha@2024", "Brasil2024!", "Clinica@2025", "Agenda2025!", "expediente2026", "Flamengo@2024", "Mudar@2025", "Familia@2024"] {
            assert_eq!(password_problem(weak, &[]), Some(WEAK_PASSWORD), "{weak}");
        }
        // Passphrases, Portuguese words among them, still pass.
        for strong in ["cavalo correto bateria grampo", "prancha-azul-42", "janela-verde-77", "Quartzo-bench-listas-2026"] {
            assert_eq!(password_problem(strong, &["Ana Lima", "ana@example.com"]), None, "{strong}");
        }
        // One word a line, no blank line, none twice.
        let words: Vec<&str> = COMMON_WORDS_PT_BR.lines().collect();
        assert!(words.len() >= 300 && words.iter().all(|w| !w.is_empty() && *w == w.trim().to_lowercase()));
        assert_eq!(words.iter().collect::<std::collections::HashSet<_>>().len(), words.len());
    }
}
