// A hand-padded flat tile: #define IDX(r, c) ((r) * (W + 1) + (c)) over
// float t[W * (W + 1)], written by rows and read by columns (already free of
// conflicts), plus a flat clear loop over all W * (W + 1) elements.
// launch: rt4_38_idx_padded 2 32x8
#define W 32
#define IDX(r, c) ((r) * (W + 1) + (c))
__global__ void rt4_38_idx_padded(const int *in, int *out, int p) {
    __shared__ float t[W * (W + 1)];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * W + tx;
    for (int i = tid; i < W * (W + 1); i += 256) t[i] = -1.0f;
    __syncthreads();
    for (int r = ty; r < W; r += 8) t[IDX(r, tx)] = (float)(in[(blockIdx.x * 1024 + r * W + tx) & 4095] & 255);
    __syncthreads();
    for (int r = ty; r < W; r += 8) out[blockIdx.x * 1024 + r * W + tx] = __float_as_int(t[IDX(tx, r)] + t[IDX(r, W)]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_38_idx_padded<<<2, dim3(W, 8)>>>(in, out, 0); }
#endif
