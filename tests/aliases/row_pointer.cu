__global__ void transpose(float *out, const float *in) {
    __shared__ float tile[32][32];
    float *row = tile[threadIdx.y];
    float *col0 = &tile[threadIdx.x][0];
    row[threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = col0[threadIdx.y];
}
int main() { float *o, *i; transpose<<<1, dim3(32, 32)>>>(o, i); }
