// Element padding (issue 30) on the GPU: a 32-byte struct of doubles read one
// field per thread, many times; timed with CUDA events, original and rewrite alternating.
struct P { double x, y, z, w; };
__global__ void k(const double *in, double *out, int reps) {
    __shared__ P s[256];
    unsigned t = threadIdx.x, b = blockIdx.x * 256;
    s[t].x = in[b + t]; s[t].y = in[b + t] + 1.0; s[t].z = in[b + t] * 2.0; s[t].w = in[b + t] - 1.0;
    __syncthreads();
    double acc = 0.0;
    for (int r = 0; r < 64; ++r)
        acc += s[(t + r) % 256].x * s[(t + 3 * r) % 256].y + s[(t + 5 * r) % 256].w;
    out[b + t] = acc + reps;
}
void run(const double *in, double *out) { k<<<4096, 256>>>(in, out, 0); }
