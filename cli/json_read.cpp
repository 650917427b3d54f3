#include "json_read.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace sternhalma::cli {

namespace {

class Reader {
 public:
  explicit Reader(std::string_view t) : t_(t) {}

  absl::StatusOr<JsonValue> document() {
    JsonValue v;
    if (absl::Status st = value(&v, 0); !st.ok()) return st;
    space();
    if (i_ != t_.size()) return error("text after the value");
    return v;
  }

 private:
  absl::Status error(const std::string& what) const {
    return absl::InvalidArgumentError("JSON byte " + std::to_string(i_ + 1) + ": " + what);
  }
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
  }
  bool word(std::string_view w) {
    if (t_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }

  absl::Status value(JsonValue* v, int depth) {
    if (depth > kMaxJsonDepth) return error("nested deeper than " + std::to_string(kMaxJsonDepth));
    space();
    if (i_ >= t_.size()) return error("a value is missing");
    const char c = t_[i_];
    if (c == '{') return object(v, depth);
    if (c == '[') return array(v, depth);
    if (c == '"') {
      v->kind = JsonValue::Kind::kString;
      return string(&v->string);
    }
    if (word("true")) v->kind = JsonValue::Kind::kBool, v->boolean = true;
    else if (word("false")) v->kind = JsonValue::Kind::kBool;
    else if (word("null")) v->kind = JsonValue::Kind::kNull;
    else return number(v);
    return absl::OkStatus();
  }

  absl::Status number(JsonValue* v) {
    const size_t start = i_;
    while (i_ < t_.size() && (std::isdigit(static_cast<unsigned char>(t_[i_])) || t_[i_] == '-' || t_[i_] == '+' ||
                              t_[i_] == '.' || t_[i_] == 'e' || t_[i_] == 'E'))
      ++i_;
    const std::string s(t_.substr(start, i_ - start));
    char* end = nullptr;
    const double d = s.empty() ? 0 : std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(d)) {
      i_ = start;
      return error("not a value");
    }
    v->kind = JsonValue::Kind::kNumber;
    v->number = d;
    return absl::OkStatus();
  }

  absl::Status string(std::string* out) {
    ++i_;  // the opening quote
    for (;;) {
      if (i_ >= t_.size()) return error("a string does not end");
      const char c = t_[i_++];
      if (c == '"') return absl::OkStatus();
      if (static_cast<unsigned char>(c) < 0x20) return error("a control byte in a string");
      if (c != '\\') {
        *out += c;
        continue;
      }
      if (i_ >= t_.size()) return error("a string does not end");
      const char e = t_[i_++];
      switch (e) {
        case '"': case '\\': case '/': *out += e; break;
        case 'b': *out += '\b'; break;
        case 'f': *out += '\f'; break;
        case 'n': *out += '\n'; break;
        case 'r': *out += '\r'; break;
        case 't': *out += '\t'; break;
        case 'u': {
          if (i_ + 4 > t_.size()) return error("a short \\u escape");
          unsigned cp = 0;
          for (int k = 0; k < 4; ++k) {
            const char h = t_[i_++];
            cp <<= 4;
            if (h >= '0' && h <= '9') cp |= static_cast<unsigned>(h - '0');
            else if (h >= 'a' && h <= 'f') cp |= static_cast<unsigned>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') cp |= static_cast<unsigned>(h - 'A' + 10);
            else return error("a bad \\u escape");
          }
          // UTF-8 of the code unit (surrogates are kept as they are: the
          // runner's own lines never carry them).
          if (cp < 0x80) *out += static_cast<char>(cp);
          else if (cp < 0x800) *out += static_cast<char>(0xc0 | (cp >> 6)), *out += static_cast<char>(0x80 | (cp & 63));
          else
            *out += static_cast<char>(0xe0 | (cp >> 12)), *out += static_cast<char>(0x80 | ((cp >> 6) & 63)),
                *out += static_cast<char>(0x80 | (cp & 63));
          break;
        }
        default: return error("a bad escape");
      }
    }
  }

  absl::Status array(JsonValue* v, int depth) {
    v->kind = JsonValue::Kind::kArray;
    ++i_;
    space();
    if (i_ < t_.size() && t_[i_] == ']') return ++i_, absl::OkStatus();
    for (;;) {
      v->array.emplace_back();
      if (absl::Status st = value(&v->array.back(), depth + 1); !st.ok()) return st;
      space();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < t_.size() && t_[i_] == ']') return ++i_, absl::OkStatus();
      return error("expected ',' or ']'");
    }
  }

  absl::Status object(JsonValue* v, int depth) {
    v->kind = JsonValue::Kind::kObject;
    ++i_;
    space();
    if (i_ < t_.size() && t_[i_] == '}') return ++i_, absl::OkStatus();
    for (;;) {
      space();
      if (i_ >= t_.size() || t_[i_] != '"') return error("expected a member name");
      std::string key;
      if (absl::Status st = string(&key); !st.ok()) return st;
      space();
      if (i_ >= t_.size() || t_[i_] != ':') return error("expected ':'");
      ++i_;
      JsonValue member;
      if (absl::Status st = value(&member, depth + 1); !st.ok()) return st;
      v->object[key] = std::move(member);
      space();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < t_.size() && t_[i_] == '}') return ++i_, absl::OkStatus();
      return error("expected ',' or '}'");
    }
  }

  std::string_view t_;
  size_t i_ = 0;
};

}  // namespace

const JsonValue* JsonValue::get(const std::string& key) const {
  if (kind != Kind::kObject) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

absl::StatusOr<JsonValue> parse_json(std::string_view text) {
  if (text.size() > kMaxJsonLineBytes)
    return absl::InvalidArgumentError("JSON: " + std::to_string(text.size()) + " bytes, more than the " +
                                      std::to_string(kMaxJsonLineBytes) + " a line may have");
  return Reader(text).document();
}

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace sternhalma::cli
