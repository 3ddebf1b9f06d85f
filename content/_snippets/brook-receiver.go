// A webhook receiver for Brook deliveries. Run it with:
//   BROOK_SIGNING_SECRET=brk_sig_... go run brook-receiver.go
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

const toleranceSeconds = 300

var (
	secret = []byte(os.Getenv("BROOK_SIGNING_SECRET"))
	mu     sync.Mutex
	seen   = map[string]bool{} // event IDs already handled; use a database in production
)

func signatureIsValid(rawBody []byte, timestamp, header string) bool {
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || !strings.HasPrefix(header, "sha256=") {
		return false
	}
	if age := time.Now().Unix() - ts; age > toleranceSeconds || age < -toleranceSeconds {
		return false
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(timestamp + "."))
	mac.Write(rawBody)
	expected := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(strings.TrimPrefix(header, "sha256=")), []byte(expected))
}

func main() {
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		raw, err := io.ReadAll(r.Body)
		if err != nil || !signatureIsValid(raw, r.Header.Get("X-Brook-Timestamp"), r.Header.Get("X-Brook-Signature")) {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var delivery struct {
			ID         string `json:"id"`
			ResourceID string `json:"resource_id"`
			Summary    string `json:"summary"`
			Name       string `json:"name"`
		}
		if err := json.Unmarshal(raw, &delivery); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusNoContent) // answer first: the work runs after the handler returns
		go func() {
			mu.Lock()
			defer mu.Unlock()
			if seen[delivery.ID] {
				return // a retry of an event already handled
			}
			seen[delivery.ID] = true
			label := delivery.Summary
			if label == "" {
				label = delivery.Name
			}
			log.Printf("%s: %s", delivery.ResourceID, label)
		}()
	})
	log.Fatal(http.ListenAndServe(":3000", nil))
}
