// CUTLASS-style shared-memory iterator: a pointer and a stride, operator++
// steps one row, operator[] reads from the current position. The reads run
// up to seven elements past the end of each row (into the next one).
// launch: rt5_11_smem_iter 2 32x8
struct SmemIterator {
    const float *ptr;
    int stride;
    __device__ SmemIterator &operator++() { ptr += stride; return *this; }
    __device__ float operator[](int i) const { return ptr[i]; }
};
__global__ void rt5_11_smem_iter(const int *in, int *out, int p) {
    __shared__ float tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (float)(in[(blockIdx.x * 512 + tid) & 4095] & 255);
    tile[ty + 8][tx] = (float)(in[(blockIdx.x * 512 + 256 + tid) & 4095] & 255);
    __syncthreads();
    SmemIterator it{&tile[0][0], 32};
    float acc = 0.0f;
    for (int k = 0; k < 8; ++k, ++it) acc += it[tx + k] * (float)(k + 1);
    out[blockIdx.x * 256 + tid] = __float_as_int(acc + tile[tx % 16][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_11_smem_iter<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
