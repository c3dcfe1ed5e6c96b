//! [`ApiError`]: a refused request of the web API, shared by the API and
//! the run folders it reads.

/// A refused request: the HTTP status and the message sent as
/// `{"error": MESSAGE}`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status (4xx for the request's fault, 5xx for the server's).
    pub status: u16,
    /// What is wrong and what was expected.
    pub message: String,
}

impl ApiError {
    /// An error with `status`.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
    /// 400: the input is wrong.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }
    /// 403: the file may not be read.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(403, message)
    }
    /// 404: no such page, run or game.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(404, message)
    }
    /// 422: a record file exists but cannot be used.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(422, message)
    }
}

impl From<abstracta::SpecError> for ApiError {
    fn from(e: abstracta::SpecError) -> ApiError {
        ApiError::bad_request(e.to_string())
    }
}

impl From<abstracta::PlyListError> for ApiError {
    fn from(e: abstracta::PlyListError) -> ApiError {
        ApiError::bad_request(e.to_string())
    }
}

impl From<abstracta::player::EngineError> for ApiError {
    fn from(e: abstracta::player::EngineError) -> ApiError {
        ApiError::new(if e.is_runtime() { 500 } else { 400 }, e.to_string())
    }
}
