#include "_SquireShims.h"

_Thread_local long _squire_resolve_nesting SQUIRE_TLS_MODEL = 0;
