// Double buffering with a pointer to the current stage's rows:
// float (*cur)[16] = tiles[stage], file-local kernel; the pointer indexes
// cur[k][tx] and the load writes tiles[stage ^ 1][tx][ty].
// launch: rt4_53_stage_rows 2 16x16
static __global__ void rt4_53_stage_rows(const int *in, int *out, int p) {
    __shared__ float tiles[2][16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    int stage = 0;
    tiles[0][tx][ty] = (float)(in[(blockIdx.x * 256 + ty * 16 + tx) & 4095] & 31);
    __syncthreads();
    float acc = 0.0f;
    for (int step = 0; step < 3; ++step) {
        tiles[stage ^ 1][tx][ty] = (float)(in[(blockIdx.x * 256 + (step + 1) * 512 + ty * 16 + tx) & 4095] & 31);
        float (*cur)[16] = tiles[stage];
        for (int k = 0; k < 16; ++k) acc += cur[k][tx] * (float)(k + ty);
        __syncthreads();
        stage ^= 1;
    }
    out[blockIdx.x * 256 + ty * 16 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_53_stage_rows<<<2, dim3(16, 16)>>>(in, out, 0); }
#endif
