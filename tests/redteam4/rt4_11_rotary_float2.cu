// Rotary embedding over pairs: a tile of 8 rows of 64 floats; each thread
// loads its pair (x[2i], x[2i+1]) with one float2 read from the row's base
// (reinterpret_cast<float2 *>(&x[row][0])[i]), rotates it and writes it back.
// launch: rt4_11_rotary 2 32x8
__global__ void rt4_11_rotary(const int *in, int *out, int p) {
    __shared__ __align__(8) float x[8][64];
    const int tx = threadIdx.x, ty = threadIdx.y;
    x[ty][tx] = (float)(in[(blockIdx.x * 512 + ty * 64 + tx) & 4095] & 255);
    x[ty][tx + 32] = (float)(in[(blockIdx.x * 512 + ty * 64 + tx + 32) & 4095] & 255);
    __syncthreads();
    float2 v = reinterpret_cast<float2 *>(&x[ty][0])[tx];
    const float c = 1.0f - (float)(tx & 7) / 16.0f, s = (float)(tx & 7) / 16.0f;
    __syncthreads();
    reinterpret_cast<float2 *>(&x[ty][0])[tx] = make_float2(v.x * c - v.y * s, v.x * s + v.y * c);
    __syncthreads();
    out[blockIdx.x * 512 + ty * 64 + tx] = __float_as_int(x[ty][tx] + x[(ty + 1) & 7][63 - tx]);
    out[blockIdx.x * 512 + ty * 64 + tx + 32] = __float_as_int(x[ty][tx + 32]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_11_rotary<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
