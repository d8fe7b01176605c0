// A separable 1-2-1 blur: the row pass writes mid[r][c] (32 rows of 32) from
// a zero-bordered source tile; the second pass gives each lane a row of mid
// to filter (mid[tx][c - 1..c + 1]), so the 32 lanes sit 32 floats apart. A
// legal control.
// launch: rt4_16_separable 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_16_separable(const int *in, int *out, int p) {
    __shared__ float src[N][N + 2];
    __shared__ float mid[N][N];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < N; r += 8) {
        src[r][tx + 1] = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
        if (tx == 0) { src[r][0] = 0.0f; src[r][N + 1] = 0.0f; }
    }
    __syncthreads();
    for (int r = ty; r < N; r += 8) mid[r][tx] = src[r][tx] + 2.0f * src[r][tx + 1] + src[r][tx + 2];
    __syncthreads();
    for (int c = ty; c < N; c += 8) {
        float acc = 2.0f * mid[tx][c];
        if (c > 0) acc += mid[tx][c - 1];
        if (c < N - 1) acc += mid[tx][c + 1];
        out[blockIdx.x * 1024 + c * N + tx] = __float_as_int(acc);
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_16_separable<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif
