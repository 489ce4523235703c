// OpenSSL's digests, for the sha256- hashes a single-file page's Content-Security-Policy
// names its inline script and style by.
#include <openssl/evp.h>
