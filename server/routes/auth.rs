//! POST /api/login, POST /api/logout, GET /api/me, PUT /api/me

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::Json;
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ErrorBody, Result};
use crate::extract::ApiJson;
use crate::http::{ClientAddress, bearer, cookie_token, device_cookie, device_token, removal_cookie, same_origin, session_cookie};
use crate::routes::Message;
use expediente_core::kit::{Context, Data};
use expediente_core::people::{sessions, users};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(logout)).routes(routes!(me, update_me))
}

/// Unknown fields are refused (422 `Campo desconhecido.`), as in every body.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = LoginBody)]
pub struct LoginInput {
    #[schema(example = "admin@example.com")]
    email: String,
    password: String,
}

#[utoipa::path(post, path = "/login", tag = "auth", security(()), request_body = LoginInput,
    description = "Entra com e-mail e senha; também grava o cookie HttpOnly da sessão das páginas e o do \
        dispositivo, com o qual este navegador não é bloqueado pelas falhas de outros.",
    responses(
        (status = 200, body = Data<sessions::SessionView>),
        (status = 401, body = ErrorBody, description = "E-mail ou senha inválidos, ou usuário desativado"),
        (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Muitas tentativas com este e-mail deste endereço: aguarde o tempo de Retry-After"),
        (status = 503, body = ErrorBody, description = "Muitas entradas ao mesmo tempo: tente de novo após Retry-After"),
    ))]
async fn login(
    State(state): State<AppState>,
    address: ClientAddress,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(input): ApiJson<LoginInput>,
) -> Result<impl IntoResponse> {
    // The device cookie only from this origin, like every cookie the API reads.
    let device = device_token(&jar).filter(|_| same_origin(&headers));
    let cx = state.context(None);
    let signed_in = sessions::sign_in(&cx, &input.email, input.password, &address.0, device.as_deref()).await?;
    let data = signed_in.view();
    let secure = state.config.secure_cookies;
    let jar = jar.add(session_cookie(signed_in.token, state.keys.ttl, secure)).add(device_cookie(signed_in.device, secure));
    Ok((jar, Json(Data { data })))
}

/// Signs out: revokes the token given (header or cookie) and clears the cookie.
#[utoipa::path(post, path = "/logout", tag = "auth", security(()),
    description = "Encerra a sessão: revoga o token enviado (cabeçalho Authorization, ou o cookie vindo desta origem) e apaga o cookie. \
        Sem Bearer, de outra origem: 403 e nada muda. Sem token nem cookie não há o que encerrar: 200.",
    responses((status = 200, body = Message), (status = 403, body = ErrorBody, description = "Sem Bearer, de outra origem")))]
async fn logout(State(state): State<AppState>, headers: HeaderMap, jar: CookieJar) -> Result<axum::response::Response> {
    // A header of another kind counts as none.
    let bearer = bearer(&headers).ok().flatten().map(str::to_string);
    // Without a Bearer token only this origin is answered: another site's
    // page can neither sign the browser out nor be told "Sessão encerrada."
    // while nothing ended. With neither token nor cookie there is nothing
    // to end: the answer says the session is over, which holds.
    if bearer.is_none() && !same_origin(&headers) {
        let body = ErrorBody { message: "Origem não permitida.".into(), errors: None, conflict: None, conflicts: None, rule: None };
        return Ok((axum::http::StatusCode::FORBIDDEN, Json(body)).into_response());
    }
    if let Some(token) = bearer.or_else(|| cookie_token(&jar)) {
        sessions::sign_out(&state.context(None), &token).await?;
    }
    let cleared = jar.remove(removal_cookie(state.config.secure_cookies));
    Ok((cleared, Json(Message { message: "Sessão encerrada." })).into_response())
}

#[utoipa::path(get, path = "/me", tag = "auth",
    responses((status = 200, body = Data<users::UserView>), (status = 401, body = ErrorBody)))]
async fn me(cx: Context) -> Result<Json<Data<users::UserView>>> {
    Ok(Json(Data { data: users::UserView::new(cx.user()?, cx.tz) }))
}

/// `PUT /api/me`'s answer: the user, and after a password change the new
/// session that replaces this one (every earlier token has stopped working).
#[derive(Serialize, utoipa::ToSchema)]
pub struct ProfileAnswer {
    pub data: users::UserView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<sessions::SessionView>,
}

/// Changes one's own name, e-mail or password (the last two need the current password).
#[utoipa::path(put, path = "/me", tag = "auth", request_body = users::ProfileInput,
    description = "Altera o próprio nome, e-mail ou senha; e-mail e senha pedem a senha atual. \
        Uma nova senha encerra as outras sessões: a resposta traz então a nova sessão (`session`) e grava o cookie.",
    responses((status = 200, body = ProfileAnswer), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Muitas senhas atuais erradas nesta conta: aguarde o tempo de Retry-After")))]
async fn update_me(
    State(state): State<AppState>,
    cx: Context,
    jar: CookieJar,
    ApiJson(input): ApiJson<users::ProfileInput>,
) -> Result<(CookieJar, Json<ProfileAnswer>)> {
    let user = users::update_profile(&cx, input).await?;
    let data = users::UserView::new(&user, cx.tz);
    if user.session_version == cx.user()?.session_version {
        return Ok((jar, Json(ProfileAnswer { data, session: None })));
    }
    // The password changed: this session goes on with a new token.
    let (token, claims) = cx.keys.issue(user.id, user.session_version);
    let session = sessions::SessionView::new(&user, &token, &claims, claims.iat);
    let jar = jar.add(session_cookie(token, state.keys.ttl, state.config.secure_cookies));
    Ok((jar, Json(ProfileAnswer { data, session: Some(session) })))
}
